// The product's motion timings and the carousel steps, in one place so components and tests agree.

export const EXPERT_CARD_ROTATION_MS = 4000;
export const ROLLING_WORD_MS = 2000;
export const ROLLING_WORD_ANIMATION_MS = 500;
export const TIMELINE_STEP_MS = 600;
/** Not given by the spec; slow enough to read a short phrase. */
export const EXPERT_TYPE_ROTATION_MS = 2500;

export const LANDING_CAROUSEL_STEP_PX = 390;
export const EXPERT_SLIDER_MOBILE_STEP_PX = 280;
export const EXPERT_SLIDER_DESKTOP_STEP_PX = 370;
