// Staff console → Members (docs/product/accounts.md, "Password recovery without mail (staff link)"): find a
// member by name or username and make a one-time password link for them, valid 24 hours — for members who
// never read email. The link is shown once, here, to copy or share (the phone's share sheet: members live on
// WhatsApp). Making one is audited by the server and ends no session until the member uses it.
import { Alert, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import type { MemberMatch, ResetLinkView } from '@samaj/core';
import { IconCopy, IconSearch, IconShare } from '@tabler/icons-react';
import { useDeferredValue, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../lib/errors';
import { useKeepTyped } from '../../../lib/keepTyped';
import { useMakeResetLink, useMemberLookup } from '../api/recovery';

export default function MemberAccess() {
  const { t } = useTranslation('accounts');
  const [query, setQuery] = useState('');
  const search = useRef<HTMLInputElement>(null);
  useKeepTyped(search, setQuery);
  const deferred = useDeferredValue(query);
  const lookup = useMemberLookup(deferred);
  const explain = useErrorMessage();
  const members = lookup.data?.members ?? [];
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('staff.intro')}
      </Text>
      <TextInput
        ref={search}
        type="search"
        label={t('staff.search')}
        placeholder={t('staff.searchPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        autoCapitalize="none"
        autoComplete="off"
      />
      {lookup.error && (
        <Alert color="red" variant="light" role="alert">
          {explain(lookup.error)}
        </Alert>
      )}
      {deferred.trim() && lookup.data && members.length === 0 && (
        <Text c="dimmed">{t('staff.noMatch', { query: deferred.trim() })}</Text>
      )}
      <Stack
        gap="sm"
        component="ul"
        aria-label={t('staff.results')}
        style={{ listStyle: 'none', padding: 0 }}
      >
        {members.map((member) => (
          <li key={member.id}>
            <MemberRow member={member} />
          </li>
        ))}
      </Stack>
    </Stack>
  );
}

function MemberRow({ member }: { member: MemberMatch }) {
  const { t } = useTranslation('accounts');
  const make = useMakeResetLink();
  const explain = useErrorMessage('accounts:staff.errors');
  return (
    <Card padding="sm" withBorder>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <div>
            <Text fw={600}>{member.name}</Text>
            <Text size="sm" c="dimmed">
              @{member.id}
            </Text>
          </div>
          {!make.data && (
            <Button
              size="xs"
              variant="light"
              onClick={() => make.mutate(member.id)}
              loading={make.isPending}
              disabled={make.isPending}
              aria-label={t('staff.makeFor', { name: member.name })}
            >
              {t('staff.make')}
            </Button>
          )}
        </Group>
        {make.error && (
          <Alert color="red" variant="light" role="alert">
            {explain(make.error)}
          </Alert>
        )}
        {make.data && <OneTimeLink link={make.data} name={member.name} />}
      </Stack>
    </Card>
  );
}

/** The link, shown once: copy it, or hand it to the phone's share sheet (copying where there is none). */
function OneTimeLink({ link, name }: { link: ResetLinkView; name: string }) {
  const { t, i18n } = useTranslation('accounts');
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<boolean | null>(null);
  const until = new Date(link.expiresAt).toLocaleString(i18n.language === 'en' ? 'en-IN' : 'gu-IN', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.url);
      setCopied(true);
    } catch {
      // No clipboard here (an old browser, permission refused): the link is selected to copy by hand.
      field.current?.select();
      setCopied(false);
    }
  };
  const share = async () => {
    if (typeof navigator.share !== 'function') return copy();
    try {
      await navigator.share({
        title: t('staff.shareTitle'),
        text: t('staff.shareText', { name }),
        url: link.url,
      });
    } catch (error) {
      // Closing the share sheet is the member's choice, not a failure; anything else: copy instead.
      if ((error as Error | undefined)?.name !== 'AbortError') await copy();
    }
  };

  return (
    <Stack gap="xs">
      <Alert color="green" variant="light" role="status">
        {t('staff.made', { name, until })}
      </Alert>
      <TextInput
        ref={field}
        readOnly
        value={link.url}
        label={t('staff.linkLabel')}
        onFocus={(event) => event.currentTarget.select()}
      />
      <Group gap="xs" grow>
        <Button leftSection={<IconCopy size={16} aria-hidden />} variant="default" onClick={copy}>
          {t('staff.copy')}
        </Button>
        <Button leftSection={<IconShare size={16} aria-hidden />} onClick={share}>
          {t('staff.share')}
        </Button>
      </Group>
      {copied !== null && (
        <Text size="sm" role="status" c={copied ? undefined : 'dimmed'}>
          {copied ? t('staff.copied') : t('staff.copyByHand')}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {t('staff.onceOnly')}
      </Text>
    </Stack>
  );
}
