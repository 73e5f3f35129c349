import { Link } from 'react-router-dom';
import { serviceSearchPath, serviceTiles } from '../content/services';
import layout from '../ui/layout.module.css';
import styles from './HowItWorks.module.css';

/** The ten services; each tile searches experts for that subject. */
export function ServiceTilesSection() {
  return (
    <section className={layout.section} aria-labelledby="services-title">
      <h2 id="services-title" className={layout.sectionTitle}>
        Services our experts offer
      </h2>
      <ul className={styles.tiles}>
        {serviceTiles.map((tile) => (
          <li key={tile.id}>
            <Link to={serviceSearchPath(tile.name)} className={styles.tile}>
              <img src={tile.icon} width={40} height={40} alt="" loading="lazy" />
              <span>{tile.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
