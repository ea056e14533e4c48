import type { SlideView } from '@samaj/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { previewUrl } from '../../../lib/previewUrl';
import classes from './Slide.module.css';

// A slide without a picture (and the welcome panel) sits on a quiet gradient of its place.
const gradients = [
  'linear-gradient(135deg, var(--mantine-color-orange-6), var(--mantine-color-red-7))',
  'linear-gradient(135deg, var(--mantine-color-teal-6), var(--mantine-color-cyan-8))',
  'linear-gradient(135deg, var(--mantine-color-grape-6), var(--mantine-color-indigo-8))',
  'linear-gradient(135deg, var(--mantine-color-yellow-6), var(--mantine-color-orange-8))',
  'linear-gradient(135deg, var(--mantine-color-lime-6), var(--mantine-color-green-8))',
];

interface PanelProps {
  title: string;
  subtitle?: string;
  image?: string | null;
  position?: number;
  /** Heading level of the title: the welcome panel names the page, slides are below it. */
  heading?: 'h2' | 'h3';
  /** Words only, no picture to frame: as tall as the words need, not a slide's 16:7. */
  compact?: boolean;
}

/** One panel of the carousel: picture or gradient, the title and one line over it. */
export function SlidePanel({
  title,
  subtitle,
  image,
  position = 1,
  heading: Heading = 'h3',
  compact = false,
}: PanelProps) {
  return (
    <div
      className={classes.panel}
      data-compact={compact || undefined}
      style={{ backgroundImage: gradients[(position - 1) % gradients.length] }}
    >
      {image && <img className={classes.image} src={previewUrl(image, 490)} alt="" loading="lazy" />}
      <div className={classes.text} data-over-image={image ? true : undefined}>
        <Heading className={classes.title}>{title}</Heading>
        {subtitle && <p className={classes.subtitle}>{subtitle}</p>}
      </div>
    </div>
  );
}

/** A filled slide; a link makes the whole panel the link (same-site paths stay in the app). */
export function Slide({ slide }: { slide: SlideView }) {
  const panel: ReactNode = (
    <SlidePanel title={slide.title} subtitle={slide.subtitle} image={slide.image} position={slide.position} />
  );
  if (!slide.link) return panel;
  if (slide.link.startsWith('/')) {
    return (
      <Link to={slide.link} className={classes.link}>
        {panel}
      </Link>
    );
  }
  return (
    <a href={slide.link} className={classes.link} target="_blank" rel="noopener noreferrer">
      {panel}
    </a>
  );
}
