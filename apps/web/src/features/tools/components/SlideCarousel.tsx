import { type ReactNode, useEffect, useRef, useState } from 'react';
import classes from './SlideCarousel.module.css';

interface SlideCarouselProps {
  label: string;
  slides: ReactNode[];
  slideLabel: (index: number) => string;
  dotLabel: (index: number) => string;
}

/**
 * Horizontal slides on the browser's own scroll snapping: swipe on a phone, dots to jump. Native
 * scrolling keeps the first page's JavaScript small (a carousel library costs ~12 KB gzip here).
 */
export function SlideCarousel({ label, slides, slideLabel, dotLabel }: SlideCarouselProps) {
  const track = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);

  useEffect(() => {
    const element = track.current;
    if (!element) return;
    const onScroll = () => {
      const width = element.clientWidth || 1;
      setActive(Math.min(slides.length - 1, Math.max(0, Math.round(element.scrollLeft / width))));
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => element.removeEventListener('scroll', onScroll);
  }, [slides.length]);

  const goTo = (index: number) => {
    const element = track.current;
    if (!element) return;
    setActive(index);
    element.scrollTo({ left: index * element.clientWidth, behavior: 'smooth' });
  };

  return (
    <section aria-roledescription="carousel" aria-label={label} className={classes.root}>
      <div ref={track} className={classes.track}>
        {slides.map((slide, index) => (
          <section
            // Slides are fixed in number and order.
            // biome-ignore lint/suspicious/noArrayIndexKey: position is the identity of a slide
            key={index}
            className={classes.slide}
            aria-roledescription="slide"
            aria-label={slideLabel(index)}
          >
            {slide}
          </section>
        ))}
      </div>
      {slides.length > 1 && (
        <div className={classes.dots}>
          {slides.map((_, index) => (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: one dot per slide position
              key={index}
              type="button"
              className={classes.dot}
              data-active={index === active || undefined}
              aria-current={index === active}
              aria-label={dotLabel(index)}
              onClick={() => goTo(index)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
