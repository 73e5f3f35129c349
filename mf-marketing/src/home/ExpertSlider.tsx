import { ExpertCard } from '../cards/ExpertCard';
import { type ExpertCategory } from '../content/experts';
import { useIsMobile } from '../motion/useIsMobile';
import { Carousel } from '../slider/Carousel';
import { expertSliderLayout } from '../slider/sliderStep';

/** A category's sample experts: 280px steps on mobile, 370px (three forward, one back) on desktop. */
export function ExpertSlider({ category }: { category: ExpertCategory }) {
  const isMobile = useIsMobile();
  return (
    <Carousel
      label={`${category.label}: sample experts`}
      itemsName="experts"
      items={category.experts}
      getKey={(expert) => expert.id}
      renderItem={(expert) => <ExpertCard expert={expert} />}
      layout={expertSliderLayout(isMobile)}
    />
  );
}
