import { Divider, Stack, Text, Title } from '@mantine/core';
import { CAROUSEL_SLIDES, PERSONA_TYPES } from '@samaj/core';
import { useTranslation } from 'react-i18next';
import { PageMeta, useCommunityName } from '../../../lib/head';
import { useSlides } from '../api/slides';
import { Slide, SlidePanel } from '../components/Slide';
import { SlideCarousel } from '../components/SlideCarousel';
import { PersonaTile, ToolTile } from '../components/ToolTile';
import { personaIcons, toolTiles } from '../tiles';
import classes from './ToolsHome.module.css';

export default function ToolsHome() {
  const { t } = useTranslation('tools');
  return (
    <Stack gap="lg">
      <PageMeta title={t('title')} description={t('description')} />
      <Title order={1} className={classes.srOnly}>
        {t('title')}
      </Title>
      <Carousel />

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

/**
 * The slides staff filled; until they fill one (or while the list is unknown), one panel with the
 * community's name and what this app is for, rather than empty coloured boxes.
 */
function Carousel() {
  const { t } = useTranslation('tools');
  const community = useCommunityName();
  const { data: slides } = useSlides();
  if (!slides?.length) {
    return (
      <section aria-label={t('carousel')}>
        <SlidePanel title={community} subtitle={t('welcome')} heading="h2" compact />
      </section>
    );
  }
  return (
    <SlideCarousel
      label={t('carousel')}
      slideLabel={(i) => t('slide', { n: i + 1, total: slides.length })}
      dotLabel={(i) => t('goToSlide', { n: i + 1 })}
      slides={slides.slice(0, CAROUSEL_SLIDES).map((slide) => <Slide key={slide.position} slide={slide} />)}
    />
  );
}
