import { Link } from '@sciexperts/shared/router';
import { serviceCardPath, serviceCards } from '../content/services';
import layout from '../ui/layout.module.css';
import styles from './Home.module.css';

export function ServiceCardsSection() {
  return (
    <section className={layout.band} aria-labelledby="services-title">
      <div className={layout.section}>
        <h2 id="services-title" className={layout.sectionTitle}>
          What can our experts do for you?
        </h2>
        <p className={layout.sectionLead}>Pick a service and post your project; it takes under 5 minutes.</p>
        <ul className={layout.cardGrid}>
          {serviceCards.map((service) => (
            <li key={service.id}>
              <article className={`${layout.card} ${styles.serviceCard}`}>
                <img src={service.icon} width={48} height={48} alt="" loading="lazy" />
                <h3 className={layout.cardTitle}>
                  <Link to={serviceCardPath(service)} className={styles.cardLink}>
                    {service.title}
                  </Link>
                </h3>
                <p className={layout.muted}>{service.description}</p>
              </article>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
