/**
 * Leaving the app for another site (the payment provider's hosted checkout or onboarding page). An object, so tests can replace
 * `goTo` with jest.spyOn instead of touching window.location.
 */
export const browser = {
  goTo(url: string): void {
    window.location.assign(url);
  },
};
