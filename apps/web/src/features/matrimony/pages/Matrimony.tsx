// SPEC §2 Matrimony: the view depends on who is looking — loading, a visitor, a member without a
// marital status, a married member, a member without a profile (the listing form), and a member
// with one (its status, or the dashboard).
import { Alert, Button, Card, Center, Loader, Stack, Text, Title } from '@mantine/core';
import type { AccountView, MyProfile } from '@samaj/core';
import { IconShare } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoginPrompt } from '../../../components/LoginPrompt';
import { PageMeta } from '../../../lib/head';
import { useCurrentUser } from '../../../lib/session';
import { share } from '../../../lib/share';
import { useSurnameOrigin } from '../api/family';
import { useMyProfile, useSaveProfile } from '../api/matrimony';
import { Biodata } from '../components/Biodata';
import { Dashboard } from '../components/Dashboard';
import { EditStrip } from '../components/EditStrip';
import { ListingForm } from '../components/ListingForm';
import { StatusView } from '../components/StatusView';
import { emptyValues, valuesOf } from '../lib/steps';

export default function Matrimony() {
  const { t } = useTranslation('matrimony');
  const { user } = useCurrentUser();
  return (
    <Stack gap="md" maw={720} w="100%" mx="auto">
      <PageMeta title={t('title')} description={t('description')} />
      <Title order={1}>{t('title')}</Title>
      <ByViewer user={user} />
    </Stack>
  );
}

function Loading() {
  const { t } = useTranslation('matrimony');
  return (
    <Center mih={200}>
      <Stack align="center" role="status">
        <Loader aria-hidden />
        <Text>{t('loading')}</Text>
      </Stack>
    </Center>
  );
}

function ByViewer({ user }: { user: AccountView | null | undefined }) {
  const { t } = useTranslation('matrimony');
  const { t: tc } = useTranslation('common');
  if (user === undefined) return <Loading />;
  if (user === null) return <LoginPrompt title={t('visitorTitle')} message={t('intro')} />;
  if (!user.prefs?.marital_status) {
    return (
      <Card padding="lg">
        <Stack align="flex-start">
          <Text>{t('noStatus')}</Text>
          <Button component={Link} to="/settings/profile">
            {t('editProfile')}
          </Button>
        </Stack>
      </Card>
    );
  }
  if (user.prefs.marital_status === 'Married') {
    return (
      <Card padding="lg">
        <Stack align="flex-start">
          <Text>{t('married')}</Text>
          <Button
            variant="light"
            leftSection={<IconShare size={18} aria-hidden />}
            onClick={() => share({ url: '/matrimony', title: t('title'), text: t('intro') })}
          >
            {tc('share.button')}
          </Button>
        </Stack>
      </Card>
    );
  }
  return <Member user={user} />;
}

function Member({ user }: { user: AccountView }) {
  const { t } = useTranslation('matrimony');
  const mine = useMyProfile(true);
  if (mine.isPending) return <Loading />;
  if (mine.isError) {
    // Not "no profile": showing the form here would invite a second application.
    return (
      <Alert color="red" variant="light" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('loadFailed')}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => mine.refetch()}>
            {t('retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (!mine.data) return <Apply user={user} />;
  return <Listed profile={mine.data} />;
}

function Apply({ user }: { user: AccountView }) {
  const save = useSaveProfile('POST');
  const origin = useSurnameOrigin(user.surname, true);
  return (
    <ListingForm
      origin={origin.data}
      initial={emptyValues({ dob: user.prefs.dob, gender: user.prefs.gender, phone: user.phone })}
      onSubmit={async (values, photo) => {
        await save.mutateAsync({ values, photo });
      }}
    />
  );
}

function Listed({ profile }: { profile: MyProfile }) {
  const [editing, setEditing] = useState(false);
  const save = useSaveProfile('PUT');
  if (editing) {
    return (
      <ListingForm
        editing
        initial={valuesOf(profile)}
        currentPhoto={profile.photo}
        origin={{ gam: profile.family?.gam ?? null, gotra: profile.family?.gotra ?? profile.gotra }}
        onCancel={() => setEditing(false)}
        onSubmit={async (values, photo) => {
          await save.mutateAsync({ values, photo });
          setEditing(false);
        }}
      />
    );
  }
  const banned = profile.status === 'banned';
  return (
    <Stack gap="md">
      {!banned && <EditStrip profile={profile} onEdit={() => setEditing(true)} />}
      {profile.status === 'active' ? <Dashboard /> : <StatusView profile={profile} />}
      {!banned && <Biodata profile={profile} />}
    </Stack>
  );
}
