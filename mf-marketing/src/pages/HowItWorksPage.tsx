import styles from './HomePage.module.css';

// Skeleton; the marketing issue fills in every section of spec §2.
export function HowItWorksPage() {
  return (
    <section className={styles.hero} aria-labelledby="how-title">
      <h1 id="how-title">How it Works</h1>
      <p>Post your project, invite experts and get quotes, collaborate in the Workspace, and get the job done.</p>
    </section>
  );
}
