/** A path under /profile that no page of the list (nor the registry) serves; inside the member frame. */
export function MemberNotFound() {
  return (
    <section aria-labelledby="profile-page-title">
      <h1 id="profile-page-title">Page not found</h1>
      <p>There is no such page in your profile area.</p>
    </section>
  );
}
