// Every staff decision, newest first: who, what, on which thing, when, and the state before and
// after. Filters narrow it by actor, kind of thing and action.
import { Anchor, Badge, Card, Group, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { AuditView } from '@samaj/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PagedList } from '../../../components/PagedList';
import { RelativeTime } from '../../../components/RelativeTime';
import { NO_AUDIT_FILTER, useAuditLog } from '../api/queues';
import type { AuditFilter } from '../api/types';
import { changedFields, formatValue } from '../lib/diff';

const ENTITIES = ['post', 'publisher_request', 'user', 'surname_submission'];
const ACTIONS = [
  'post.approve',
  'post.reject',
  'post.unlist',
  'post.dismiss_reports',
  'publisher_request.approve',
  'publisher_request.reject',
  'label.grant',
  'label.revoke',
];

export default function AuditLog() {
  const { t } = useTranslation('admin');
  const [actor, setActor] = useState('');
  const [entity, setEntity] = useState<string | null>(null);
  const [action, setAction] = useState<string | null>(null);
  const [debouncedActor] = useDebouncedValue(actor.trim(), 400);
  const filter: AuditFilter = {
    ...NO_AUDIT_FILTER,
    actor: debouncedActor,
    entity: entity ?? '',
    action: action ?? '',
  };
  const query = useAuditLog(filter);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" role="search" aria-label={t('audit.filters')}>
        <TextInput
          label={t('audit.actor')}
          placeholder={t('audit.actorPlaceholder')}
          value={actor}
          onChange={(e) => setActor(e.currentTarget.value)}
          autoCapitalize="none"
        />
        <FilterSelect name="entity" values={ENTITIES} value={entity} onChange={setEntity} />
        <FilterSelect name="action" values={ACTIONS} value={action} onChange={setAction} />
      </SimpleGrid>
      <PagedList query={query} empty={t('audit.empty')}>
        {(entry) => <AuditCard key={entry.id} entry={entry} />}
      </PagedList>
    </Stack>
  );
}

/** Where the words for a filter's values are (values without words are shown as they are). */
const VALUE_WORDS = { entity: 'entities', action: 'actions' } as const;

/** One "any or this one" filter of the log, labelled audit.<name>. */
function FilterSelect(props: {
  name: keyof typeof VALUE_WORDS;
  values: string[];
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  const { t } = useTranslation('admin');
  const words = VALUE_WORDS[props.name];
  const data = props.values.map((value) => ({
    value,
    label: t(`${words}.${value}`, { defaultValue: value }),
  }));
  return (
    <Select
      label={t(`audit.${props.name}`)}
      placeholder={t('audit.any')}
      data={data}
      value={props.value}
      onChange={props.onChange}
      clearable
      searchable={data.length > 5}
    />
  );
}

function AuditCard({ entry }: { entry: AuditView }) {
  const { t } = useTranslation('admin');
  const rows = changedFields(entry.before, entry.after);
  return (
    <Card component="article">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Badge variant="light">{t(`actions.${entry.action}`, { defaultValue: entry.action })}</Badge>
          <Text size="xs" c="dimmed">
            <RelativeTime exact inherit date={entry.createdAt} />
          </Text>
        </Group>
        <Text size="sm">
          {t('audit.by', { name: entry.actorName || entry.actor })}{' '}
          <Text span size="xs" c="dimmed">
            @{entry.actor}
          </Text>
        </Text>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {t(`entities.${entry.entity}`, { defaultValue: entry.entity })}:{' '}
          {entry.entity === 'post' ? (
            <Anchor component={Link} to={`/post/${encodeURIComponent(entry.entityId)}`} size="sm">
              {entry.entityId}
            </Anchor>
          ) : (
            entry.entityId
          )}
        </Text>
        {entry.note && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('audit.note')}: {entry.note}
          </Text>
        )}
        {rows.length > 0 && (
          // On a phone the table scrolls sideways: its region takes the keyboard's focus (arrow keys
          // scroll it) and says what it holds, as axe's scrollable-region-focusable asks.
          <Table.ScrollContainer
            minWidth={280}
            scrollAreaProps={{
              viewportProps: { tabIndex: 0, role: 'region', 'aria-label': t('audit.changes') },
            }}
          >
            <Table withTableBorder withColumnBorders fz="sm" verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('audit.field')}</Table.Th>
                  <Table.Th>{t('audit.before')}</Table.Th>
                  <Table.Th>{t('audit.after')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.field} fw={row.changed ? 600 : undefined}>
                    <Table.Td>{t(`fields.${row.field}`, { defaultValue: row.field })}</Table.Td>
                    <Table.Td>{formatValue(row.before, t('audit.empty_value'))}</Table.Td>
                    <Table.Td>{formatValue(row.after, t('audit.empty_value'))}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
