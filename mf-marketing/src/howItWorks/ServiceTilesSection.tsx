import { Link } from '@sciexperts/shared/router';
import { serviceTilePath, serviceTiles } from '../content/services';
import layout from '../ui/layout.module.css';
import styles from './HowItWorks.module.css';

/** The ten services of the catalogue; each tile opens that service's page. */
export function ServiceTilesSection() {
  return (
    <section className={layout.section} aria-labelledby="services-title">
      <h2 id="services-title" className={layout.sectionTitle}>
        Services our experts offer
      </h2>
      <ul className={styles.tiles}>
        {serviceTiles.map((tile) => (
          <li key={tile.id}>
            <Link to={serviceTilePath(tile)} className={styles.tile}>
              <img src={tile.icon} width={40} height={40} alt="" loading="lazy" />
              <span>{tile.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
