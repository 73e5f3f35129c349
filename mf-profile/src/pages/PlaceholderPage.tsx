export function PlaceholderPage({ title, description }: { title: string; description: string }) {
  return (
    <section aria-labelledby="profile-page-title">
      <h1 id="profile-page-title">{title}</h1>
      <p>{description}</p>
    </section>
  );
}
