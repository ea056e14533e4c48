// Matrimony for a member who may list (docs/product/matrimony.md, "Who may list"): the listing form without a
// profile; with one, its status or the dashboard, and the biodata. Loaded only for a member
// (pages/Matrimony.tsx).
import { Alert, Button, Stack, Text } from '@mantine/core';
import type { AccountView, MyProfile } from '@samaj/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSurnameOrigin } from '../api/family';
import { useMyProfile, useSaveProfile } from '../api/matrimony';
import { emptyValues, valuesOf } from '../lib/steps';
import { Biodata } from './Biodata';
import { Dashboard } from './Dashboard';
import { EditStrip } from './EditStrip';
import { ListingForm } from './ListingForm';
import { Loading } from './Loading';
import { StatusView } from './StatusView';

export default function MemberMatrimony({ user }: { user: AccountView }) {
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
