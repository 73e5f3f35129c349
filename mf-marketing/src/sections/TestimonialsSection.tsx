import { useId } from 'react';
import { TestimonialCard } from '../cards/TestimonialCard';
import { testimonials } from '../content/testimonials';
import { Carousel } from '../slider/Carousel';
import { landingCarouselLayout } from '../slider/sliderStep';
import layout from '../ui/layout.module.css';

export function TestimonialsSection({ title = 'What our clients say' }: { title?: string }) {
  const headingId = useId();
  return (
    <section className={`${layout.band}`} aria-labelledby={headingId}>
      <div className={layout.section}>
        <h2 id={headingId} className={layout.sectionTitle}>
          {title}
        </h2>
        <Carousel
          label="Testimonials"
          itemsName="testimonials"
          items={testimonials}
          getKey={(testimonial) => testimonial.id}
          renderItem={(testimonial) => <TestimonialCard testimonial={testimonial} />}
          layout={landingCarouselLayout}
        />
      </div>
    </section>
  );
}
