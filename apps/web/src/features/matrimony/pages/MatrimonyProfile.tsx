// The full profile page, /matrimony/profile/:id (docs/product/matrimony.md, "Privacy"): the whole listing as
// this viewer may see it — only what GET /api/matrimony/profiles/:id answers them (card fields always;
// attributes, family details and contact only while the owner accepts their request) — with the card's
// actions. Back returns to the list where the member was: a history step (the list's cache and scroll
// position are kept, app/shell/useScrollPosition), or /matrimony when the page was opened directly.
import { Alert, Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { FullProfile } from '@samaj/core';
import { IconArrowLeft, IconBriefcase, IconSchool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { LoginPrompt } from '../../../components/LoginPrompt';
import { ApiError } from '../../../lib/api';
import { PageMeta } from '../../../lib/head';
import { useCurrentUser } from '../../../lib/session';
import { useFullProfile } from '../api/matrimony';
import { ContactAlert, RequestButton, RequestNote, ShortlistButton } from '../components/CardActions';
import { FullDetails } from '../components/FullDetails';
import { Loading } from '../components/Loading';
import { ProfileFamily } from '../components/profile/ProfileFamily';
import { ProfilePhotos } from '../components/profile/ProfilePhotos';
import { SafetyActions } from '../components/SafetyActions';

export default function MatrimonyProfile() {
  const { t } = useTranslation('matrimony');
  const { user } = useCurrentUser();
  const { id = '' } = useParams();
  return (
    <Stack gap="md" maw={720} w="100%" mx="auto">
      <PageMeta title={t('profilePage.title')} description={t('description')} />
      <BackLink />
      {user === undefined ? (
        <Loading text={t('profilePage.loading')} />
      ) : user === null ? (
        <LoginPrompt title={t('visitorTitle')} message={t('intro')} />
      ) : (
        <Profile id={id} />
      )}
    </Stack>
  );
}

/** A link to /matrimony; inside the app, a step back in history (same tab, same scroll, same pages). */
function BackLink() {
  const { t } = useTranslation('matrimony');
  const location = useLocation();
  const navigate = useNavigate();
  const inApp = location.key !== 'default';
  return (
    <Group>
      <Button
        component={Link}
        to="/matrimony"
        variant="subtle"
        leftSection={<IconArrowLeft size={18} aria-hidden />}
        onClick={(event) => {
          if (!inApp) return;
          event.preventDefault();
          navigate(-1);
        }}
      >
        {t('profilePage.back')}
      </Button>
    </Group>
  );
}

function Profile({ id }: { id: string }) {
  const { t } = useTranslation('matrimony');
  const query = useFullProfile(id);
  if (query.isPending) return <Loading text={t('profilePage.loading')} />;
  if (query.isError) {
    const gone = query.error instanceof ApiError && query.error.code === 404;
    return (
      <Alert color={gone ? 'gray' : 'red'} variant="light" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{gone ? t('profilePage.notFound') : t('loadFailed')}</Text>
          {gone ? (
            <Anchor component={Link} to="/matrimony" size="sm">
              {t('profilePage.toList')}
            </Anchor>
          ) : (
            <Button size="xs" variant="light" color="red" onClick={() => query.refetch()}>
              {t('retry')}
            </Button>
          )}
        </Stack>
      </Alert>
    );
  }
  return <Listing profile={query.data} />;
}

function Listing({ profile }: { profile: FullProfile }) {
  const { t } = useTranslation('matrimony');
  // The request is made on a match (the server refuses it otherwise); once made, its state shows.
  const canRequest = profile.matched || profile.request !== 'none';
  return (
    <Card component="article" aria-labelledby="matrimony-profile-name" padding="lg">
      <Stack gap="md">
        <ProfilePhotos
          name={profile.firstName}
          photos={profile.photos ?? (profile.photo ? [profile.photo] : [])}
          locked={profile.photoLocked ?? false}
        />
        <Stack gap={4}>
          <Group gap="xs" align="baseline">
            <Title order={1} size="h2" id="matrimony-profile-name">
              {profile.firstName}
            </Title>
            <Text c="dimmed">{t('card.age', { age: profile.age })}</Text>
          </Group>
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconSchool size={16} aria-label={t('card.education')} style={{ flexShrink: 0, marginTop: 3 }} />
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {profile.education}
            </Text>
          </Group>
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconBriefcase size={16} aria-label={t('card.career')} style={{ flexShrink: 0, marginTop: 3 }} />
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {profile.career}
            </Text>
          </Group>
        </Stack>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {profile.description}
        </Text>
        <Group gap="xs">
          <ShortlistButton card={profile} />
          {canRequest && <RequestButton profile={profile.id} request={profile.request} />}
        </Group>
        <RequestNote request={profile.request} />
        {!profile.details && (
          <Text size="sm" c="dimmed" data-testid="details-closed">
            {canRequest ? t('profilePage.detailsAfterAccept') : t('profilePage.detailsAfterMatch')}
          </Text>
        )}
        {profile.contact && <ContactAlert contact={profile.contact} />}
        {profile.details && <FullDetails id={profile.id} />}
        {profile.family && <ProfileFamily family={profile.family} />}
        <SafetyActions profile={profile.id} name={profile.firstName} />
      </Stack>
    </Card>
  );
}
