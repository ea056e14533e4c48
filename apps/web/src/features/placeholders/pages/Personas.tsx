import { Button, Group, Stack, Text } from '@mantine/core';
import { PERSONA_TYPES, type PersonaType } from '@samaj/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PlaceholderView } from '../components/PlaceholderView';

// An unknown or missing ?type= is not an error worth a 404: the visitor lands on the first
// persona (notable) and can switch with the chips.
export const DEFAULT_PERSONA: PersonaType = 'notable';

export function personaFromQuery(value: string | null): PersonaType {
  return (PERSONA_TYPES as readonly string[]).includes(value ?? '')
    ? (value as PersonaType)
    : DEFAULT_PERSONA;
}

export default function Personas() {
  const { t } = useTranslation('placeholders');
  const [params] = useSearchParams();
  const type = personaFromQuery(params.get('type'));
  return (
    <PlaceholderView title={t(`personas.${type}.title`)} subtitle={t(`personas.${type}.subtitle`)}>
      <Stack gap="xs" mt="lg">
        <Text size="sm" fw={600} component="h2">
          {t('personas.others')}
        </Text>
        <Group gap="xs">
          {PERSONA_TYPES.map((other) => (
            <Button
              key={other}
              component={Link}
              to={`/personas?type=${other}`}
              aria-current={other === type ? 'page' : undefined}
              variant={other === type ? 'filled' : 'light'}
              radius="xl"
              size="compact-sm"
            >
              {t(`personas.${other}.title`)}
            </Button>
          ))}
        </Group>
      </Stack>
    </PlaceholderView>
  );
}
