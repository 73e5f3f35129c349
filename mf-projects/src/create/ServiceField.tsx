import { FieldError, fieldErrorProps } from '@sciexperts/ui';
import { SERVICE_CATALOGUE } from '@sciexperts/shared';
import { fieldId, groupErrorProps, inputClass } from './fieldIds';
import { practiceAreasOf, type FieldErrors } from './projectForm';
import styles from './CreateProject.module.css';

interface Props {
  idBase: string;
  service: string;
  practiceAreas: readonly string[];
  errors: FieldErrors;
  onService: (service: string) => void;
  onPracticeArea: (area: string, chosen: boolean) => void;
}

/** The catalogue service, then the practice areas of that service only (none until a service is chosen). */
export function ServiceField({ idBase, service, practiceAreas, errors, onService, onPracticeArea }: Props) {
  const serviceId = fieldId(idBase, 'service');
  const areasId = fieldId(idBase, 'practiceAreas');
  const areas = practiceAreasOf(service);
  return (
    <>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={serviceId}>
          Service
        </label>
        <select
          {...fieldErrorProps(serviceId, errors.service)}
          name="service"
          className={`${inputClass(styles.input, styles.invalid, errors.service)} ${styles.short}`}
          value={service}
          aria-required="true"
          onChange={(event) => onService(event.target.value)}
        >
          <option value="">Choose a service</option>
          {SERVICE_CATALOGUE.map(({ name }) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        <FieldError controlId={serviceId} error={errors.service} className={styles.error} />
      </div>
      {areas.length > 0 && (
        <fieldset className={styles.subgroup} {...groupErrorProps(areasId, errors.practiceAreas)}>
          <legend className={styles.subLegend}>Practice areas (optional)</legend>
          <div className={styles.areas}>
            {areas.map((area) => (
              <label key={area} className={styles.choice}>
                <input type="checkbox" name="practiceAreas" value={area} checked={practiceAreas.includes(area)} onChange={(event) => onPracticeArea(area, event.target.checked)} />
                {area}
              </label>
            ))}
          </div>
          <FieldError controlId={areasId} error={errors.practiceAreas} className={styles.error} />
        </fieldset>
      )}
    </>
  );
}
