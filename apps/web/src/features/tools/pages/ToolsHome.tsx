import { Box, Divider, Stack, Text, Title } from '@mantine/core';
import { CAROUSEL_SLIDES, PERSONA_TYPES } from '@samaj/core';
import { useTranslation } from 'react-i18next';
import { PageMeta } from '../../../lib/head';
import { SlideCarousel } from '../components/SlideCarousel';
import { PersonaTile, ToolTile } from '../components/ToolTile';
import { personaIcons, toolTiles } from '../tiles';
import classes from './ToolsHome.module.css';

// Slide artwork is not configured yet (SPEC: images, titles and subtitles are empty), so each
// slide is a quiet gradient panel rather than blank space.
const slideGradients = [
  'linear-gradient(135deg, var(--mantine-color-orange-6), var(--mantine-color-red-7))',
  'linear-gradient(135deg, var(--mantine-color-yellow-5), var(--mantine-color-orange-7))',
  'linear-gradient(135deg, var(--mantine-color-teal-5), var(--mantine-color-cyan-7))',
  'linear-gradient(135deg, var(--mantine-color-grape-5), var(--mantine-color-indigo-7))',
  'linear-gradient(135deg, var(--mantine-color-lime-5), var(--mantine-color-green-7))',
];

export default function ToolsHome() {
  const { t } = useTranslation('tools');
  const slides = Array.from({ length: CAROUSEL_SLIDES }, (_, i) => i);
  return (
    <Stack gap="lg">
      <PageMeta title={t('title')} description={t('description')} />
      <Title order={1} className={classes.srOnly}>
        {t('title')}
      </Title>
      <SlideCarousel
        label={t('carousel')}
        slideLabel={(i) => t('slide', { n: i + 1, total: CAROUSEL_SLIDES })}
        dotLabel={(i) => t('goToSlide', { n: i + 1 })}
        slides={slides.map((i) => (
          <Box
            key={i}
            className={classes.slide}
            style={{ backgroundImage: slideGradients[i % slideGradients.length] }}
          />
        ))}
      />

      <section aria-labelledby="tools-heading">
        <Title order={2} id="tools-heading" className={classes.srOnly}>
          {t('toolsHeading')}
        </Title>
        <div className={classes.tiles}>
          {toolTiles.map((tile) => (
            <ToolTile
              key={tile.key}
              to={tile.to}
              icon={tile.icon}
              color={tile.color}
              wide={tile.wide}
              title={t(`tiles.${tile.key}.title`)}
              subtitle={tile.wide ? t(`tiles.${tile.key}.subtitle`) : undefined}
            />
          ))}
        </div>
      </section>

      <Divider />

      <section aria-labelledby="personas-heading">
        <Title order={2} size="h3" id="personas-heading">
          {t('personasHeading')}
        </Title>
        <Text c="dimmed" size="sm" mb="sm">
          {t('personasSubheading')}
        </Text>
        <div className={classes.personas}>
          {PERSONA_TYPES.map((type) => (
            <PersonaTile key={type} type={type} icon={personaIcons[type]} />
          ))}
        </div>
      </section>
    </Stack>
  );
}
