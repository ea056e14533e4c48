// The dashboard of an active profile (docs/product/matrimony.md, "Dashboard"): Profiles (suggestions, 3 a
// page, narrowed by the member's partner preferences), Matches (mutual shortlists) and Requests (incoming,
// with the waiting count); beside them "Shortlisted me" and "Sent requests". The tab is in the URL (?tab=) so
// a reload, a shared link or coming back from a profile opens the same one.
import { Alert, Badge, Button, Group, Stack, Tabs, Text } from '@mantine/core';
import {
  type IncomingRequest,
  type MatchCard,
  type MatchNews,
  type ProfileCard,
  type SentRequest,
  STATUS_PALETTE,
  type StatusColor,
} from '@samaj/core';
import { IconSparkles } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  useAnswerRequest,
  useIncomingRequests,
  useMatches,
  useMatchesSeen,
  useMatchNews,
  useRequestCount,
  useSuggestions,
} from '../api/matrimony';
import { usePreferences, useSentRequests, useShortlistedMe } from '../api/search';
import { ContactAlert, RequestButton, RequestNote, ShortlistButton, useFailed } from './CardActions';
import { CardList } from './CardList';
import { FullDetails } from './FullDetails';
import { ProfileCardView } from './ProfileCardView';
import { SearchFilters } from './SearchFilters';

const TABS = ['home', 'matches', 'requests', 'shortlisted-me', 'sent'] as const;
type Tab = (typeof TABS)[number];

export function Dashboard() {
  const { t } = useTranslation('matrimony');
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab = (TABS as readonly string[]).includes(asked ?? '') ? (asked as Tab) : 'home';
  const count = useRequestCount().data?.pending ?? 0;
  const news = useMatchNews().data ?? { matches: 0, answers: 0 };
  const newCount = news.matches + news.answers;
  const select = (value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (!value || value === 'home') next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  return (
    <Tabs value={tab} onChange={select} keepMounted={false}>
      <Tabs.List aria-label={t('tabs.label')}>
        <Tabs.Tab value="home">{t('tabs.home')}</Tabs.Tab>
        <Tabs.Tab
          value="matches"
          rightSection={
            newCount > 0 ? (
              <Badge size="sm" circle data-testid="matches-count">
                {newCount}
              </Badge>
            ) : null
          }
        >
          {t('tabs.matches')}
        </Tabs.Tab>
        <Tabs.Tab
          value="requests"
          rightSection={
            count > 0 ? (
              <Badge size="sm" circle data-testid="requests-count">
                {count}
              </Badge>
            ) : null
          }
        >
          {t('tabs.requests')}
        </Tabs.Tab>
        <Tabs.Tab value="shortlisted-me">{t('tabs.shortlistedMe')}</Tabs.Tab>
        <Tabs.Tab value="sent">{t('tabs.sent')}</Tabs.Tab>
      </Tabs.List>
      {tab !== 'matches' && newCount > 0 && <MatchNewsNotice news={news} onOpen={() => select('matches')} />}
      <Tabs.Panel value="home" pt="md">
        <Suggestions />
      </Tabs.Panel>
      <Tabs.Panel value="matches" pt="md">
        <Matches unseen={newCount} />
      </Tabs.Panel>
      <Tabs.Panel value="requests" pt="md">
        <Requests />
      </Tabs.Panel>
      <Tabs.Panel value="shortlisted-me" pt="md">
        <ShortlistedMe />
      </Tabs.Panel>
      <Tabs.Panel value="sent" pt="md">
        <Sent />
      </Tabs.Panel>
    </Tabs>
  );
}

/** What is new on Matches: said above the tabs until the member opens it. */
function MatchNewsNotice({ news, onOpen }: { news: MatchNews; onOpen: () => void }) {
  const { t } = useTranslation('matrimony');
  return (
    <Alert
      mt="md"
      color="pink"
      variant="light"
      role="status"
      icon={<IconSparkles size={18} aria-hidden />}
      data-testid="match-news"
    >
      <Stack gap="xs" align="flex-start">
        {news.matches > 0 && <Text size="sm">{t('news.matches', { count: news.matches })}</Text>}
        {news.answers > 0 && <Text size="sm">{t('news.answers', { count: news.answers })}</Text>}
        <Button size="xs" onClick={onOpen}>
          {t('news.open')}
        </Button>
      </Stack>
    </Alert>
  );
}

function Suggestions() {
  const query = useSuggestions();
  const preferences = usePreferences();
  return (
    <Stack gap="md">
      <SearchFilters />
      <CardList query={query} empty={preferences.data ? 'filtered' : 'profiles'}>
        {(card: ProfileCard) => (
          <ProfileCardView key={card.id} card={card}>
            <Group>
              <ShortlistButton card={card} />
            </Group>
          </ProfileCardView>
        )}
      </CardList>
    </Stack>
  );
}

/** Members who shortlisted me (my own list only); shortlisting one back makes a match. */
function ShortlistedMe() {
  const query = useShortlistedMe();
  return (
    <CardList query={query} empty="shortlistedMe">
      {(card: ProfileCard) => (
        <ProfileCardView key={card.id} card={card}>
          <Group>
            <ShortlistButton card={card} />
          </Group>
        </ProfileCardView>
      )}
    </CardList>
  );
}

/** Full-profile requests I sent, each with its state. */
function Sent() {
  const query = useSentRequests();
  return (
    <CardList query={query} empty="sent">
      {(sent: SentRequest) => <SentCard key={sent.id} sent={sent} />}
    </CardList>
  );
}

/** The state's colours: core's STATUS_PALETTE (AA on white and on its background). */
const SENT_COLORS = {
  pending: 'warning',
  accepted: 'neutral',
  declined: 'error',
  revoked: 'error',
} as const satisfies Record<SentRequest['state'], StatusColor>;

function SentCard({ sent }: { sent: SentRequest }) {
  const { t } = useTranslation('matrimony');
  return (
    <ProfileCardView card={sent.profile}>
      <Badge
        variant="light"
        c={STATUS_PALETTE[SENT_COLORS[sent.state]].text}
        bg={STATUS_PALETTE[SENT_COLORS[sent.state]].background}
        data-testid="request-state"
      >
        {t(`lists.state.${sent.state}`)}
      </Badge>
      <Group gap="xs">
        <ShortlistButton card={sent.profile} />
        <RequestButton profile={sent.id} request={sent.state} />
      </Group>
    </ProfileCardView>
  );
}

function Matches({ unseen }: { unseen: number }) {
  const query = useMatches();
  const seen = useMatchesSeen();
  const { mutate } = seen;
  // Opening the tab (once its cards are here) is seeing what was new.
  useEffect(() => {
    if (unseen > 0 && query.isSuccess) mutate();
  }, [unseen, query.isSuccess, mutate]);
  return (
    <CardList query={query} empty="matches">
      {(card: MatchCard) => <Match key={card.id} card={card} />}
    </CardList>
  );
}

function Match({ card }: { card: MatchCard }) {
  return (
    <ProfileCardView card={card}>
      <Group gap="xs">
        <ShortlistButton card={card} />
        <RequestButton profile={card.id} request={card.request} />
      </Group>
      <RequestNote request={card.request} />
      {card.contact && <ContactAlert contact={card.contact} />}
      {card.contact && <FullDetails id={card.id} />}
    </ProfileCardView>
  );
}

function Requests() {
  const query = useIncomingRequests();
  return (
    <CardList query={query} empty="requests">
      {(request: IncomingRequest) => <Incoming key={request.id} request={request} />}
    </CardList>
  );
}

function Incoming({ request }: { request: IncomingRequest }) {
  const { t } = useTranslation('matrimony');
  const answer = useAnswerRequest();
  const onError = useFailed();
  const name = request.profile.firstName;
  const accepted = request.state === 'accepted';
  const note = {
    pending: t('card.pendingNote', { name }),
    accepted: t('card.acceptedNote', { name }),
    revoked: t('card.revokedNote'),
    declined: t('card.declinedNote', { name }),
  }[request.state];
  return (
    <ProfileCardView card={request.profile}>
      <Text size="sm" c={accepted ? 'teal.8' : undefined}>
        {note}
      </Text>
      <Group gap="xs">
        {accepted ? (
          <Button
            color="red"
            variant="light"
            loading={answer.isPending}
            onClick={() => answer.mutate({ creator: request.id, answer: 'revoke' }, { onError })}
          >
            {t('card.revoke')}
          </Button>
        ) : (
          <Button
            color="teal"
            loading={answer.isPending && answer.variables?.answer === 'accept'}
            disabled={answer.isPending}
            onClick={() => answer.mutate({ creator: request.id, answer: 'accept' }, { onError })}
          >
            {t('card.accept')}
          </Button>
        )}
        {request.state === 'pending' && (
          <Button
            color="gray"
            variant="light"
            loading={answer.isPending && answer.variables?.answer === 'decline'}
            disabled={answer.isPending}
            onClick={() => answer.mutate({ creator: request.id, answer: 'decline' }, { onError })}
          >
            {t('card.decline')}
          </Button>
        )}
      </Group>
    </ProfileCardView>
  );
}
