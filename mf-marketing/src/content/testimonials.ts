// Testimonials (comment, name, position, company).

export interface Testimonial {
  id: string;
  comment: string;
  name: string;
  position: string;
  company: string;
}

export const testimonials: Testimonial[] = [
  {
    id: 'testimonial-1',
    comment: 'We had a biostatistician on our trial within a day. The milestone payments made it easy to start small and grow.',
    name: 'Sarah Mitchell',
    position: 'Head of Clinical Operations',
    company: 'Cardiova Medical',
  },
  {
    id: 'testimonial-2',
    comment: 'The food scientist we hired solved a shelf-life problem our team had struggled with for months.',
    name: 'David Laurent',
    position: 'Product Manager',
    company: 'GreenBite Foods',
  },
  {
    id: 'testimonial-3',
    comment: 'Clear quotes, a shared workspace and no subscription. It is now our first stop for literature reviews.',
    name: 'Anja Keller',
    position: 'Research Director',
    company: 'Helix Institute',
  },
  {
    id: 'testimonial-4',
    comment: 'Our clinical evaluation report was delivered on time and accepted by the notified body without questions.',
    name: 'Luis Ortega',
    position: 'Regulatory Affairs Lead',
    company: 'OrthoNova',
  },
];
