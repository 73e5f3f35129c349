/** A full-page navigation to another site (its own module so tests can stand in for the browser, which jsdom is not). */
export function leaveSiteFor(url: string): void {
  window.location.assign(url);
}
