// The dashboard of an active profile (SPEC §2): Profiles (suggestions, 3 a page), Matches (mutual
// shortlists) and Requests (incoming, with the waiting count). The tab is in the URL (?tab=) so a
// reload or a shared link opens the same one.
import { Alert, Badge, Button, Group, Stack, Tabs, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { IncomingRequest, MatchCard, MatchNews, ProfileCard } from '@samaj/core';
import {
  IconCheck,
  IconHeart,
  IconHeartFilled,
  IconLock,
  IconLockOpen,
  IconPhone,
  IconSparkles,
} from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useErrorMessage } from '../../../lib/errors';
import {
  useAnswerRequest,
  useFullProfileRequest,
  useIncomingRequests,
  useMatches,
  useMatchesSeen,
  useMatchNews,
  useRequestCount,
  useShortlist,
  useSuggestions,
} from '../api/matrimony';
import { CardList } from './CardList';
import { FullDetails } from './FullDetails';
import { ProfileCardView } from './ProfileCardView';

const TABS = ['home', 'matches', 'requests'] as const;
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
      <Tabs.List grow aria-label={t('tabs.label')}>
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
    </Tabs>
  );
}

/** What is new on Matches (issue 30 §3.3, §3.7): said above the tabs until the member opens it. */
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

/** Failures of a card's action, said in a notification (the card itself stays as it was). */
function useFailed() {
  const { t } = useTranslation('matrimony');
  const explain = useErrorMessage();
  return (error: Error) =>
    notifications.show({ message: t('card.failed', { message: explain(error) }), color: 'red' });
}

function ShortlistButton({ card }: { card: ProfileCard }) {
  const { t } = useTranslation('matrimony');
  const shortlist = useShortlist();
  const onError = useFailed();
  const on = card.shortlisted;
  return (
    <Button
      variant={on ? 'filled' : 'light'}
      color="pink"
      leftSection={on ? <IconHeartFilled size={18} aria-hidden /> : <IconHeart size={18} aria-hidden />}
      aria-pressed={on}
      loading={shortlist.isPending}
      onClick={() =>
        shortlist.mutate(
          { profile: card.id, on: !on },
          {
            onError,
            // The member who completes a match is told at once; the other sees it on Matches.
            onSuccess: (result) => {
              if (result?.matched)
                notifications.show({ message: t('card.matched', { name: card.firstName }), color: 'pink' });
            },
          },
        )
      }
    >
      {on ? t('card.shortlisted') : t('card.shortlist')}
    </Button>
  );
}

function Suggestions() {
  const query = useSuggestions();
  return (
    <CardList query={query} empty="profiles">
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
  const { t } = useTranslation('matrimony');
  const request = useFullProfileRequest();
  const onError = useFailed();
  const sent = card.request !== 'none';
  // Only a request still waiting (or not sent) toggles; an answer is the owner's and stays theirs.
  const answered = card.request === 'accepted' || card.request === 'declined' || card.request === 'revoked';
  const answeredLabel = {
    accepted: t('card.requestAcceptedButton'),
    declined: t('card.requestDeclinedButton'),
    revoked: t('card.requestRevokedButton'),
  };
  return (
    <ProfileCardView card={card}>
      <Group gap="xs">
        <ShortlistButton card={card} />
        {answered ? (
          <Button
            variant="light"
            color={card.request === 'accepted' ? 'teal' : 'gray'}
            leftSection={card.request === 'accepted' ? <IconCheck size={18} aria-hidden /> : undefined}
            disabled
          >
            {answeredLabel[card.request as keyof typeof answeredLabel]}
          </Button>
        ) : (
          <Button
            variant={sent ? 'default' : 'filled'}
            leftSection={sent ? <IconLock size={18} aria-hidden /> : <IconLockOpen size={18} aria-hidden />}
            aria-pressed={sent}
            loading={request.isPending}
            onClick={() => request.mutate({ profile: card.id, on: !sent }, { onError })}
          >
            {sent ? t('card.requestSent') : t('card.request')}
          </Button>
        )}
      </Group>
      {card.request === 'pending' && (
        <Text size="sm" c="dimmed">
          {t('card.requestPending')}
        </Text>
      )}
      {card.request === 'revoked' && (
        <Text size="sm" c="dimmed">
          {t('card.requestRevoked')}
        </Text>
      )}
      {card.request === 'declined' && (
        <Text size="sm" c="dimmed">
          {t('card.requestDeclined')}
        </Text>
      )}
      {card.contact && (
        <Alert color="teal" variant="light" title={t('card.requestAccepted')} icon={<IconPhone size={18} />}>
          <Stack gap={2}>
            <Text size="sm">
              <Text span fw={600}>
                {t('card.phone')}:{' '}
              </Text>
              <a href={`tel:${card.contact.number.replace(/\s/g, '')}`}>{card.contact.number}</a>
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              <Text span fw={600}>
                {t('card.address')}:{' '}
              </Text>
              {card.contact.address}
            </Text>
          </Stack>
        </Alert>
      )}
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
