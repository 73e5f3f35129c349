import { formatHourlyFee } from '@sciexperts/shared';
import { formatCountry } from '../format';

/** An expert's hourly fee and country as a description list; each row only when it is known. */
export function ExpertFacts({ hourlyFee, country, className }: { hourlyFee: number | null; country: string | null; className?: string }) {
  const fee = formatHourlyFee(hourlyFee);
  const countryName = formatCountry(country);
  return (
    <dl className={className}>
      {fee ? (
        <div>
          <dt>Hourly fee</dt>
          <dd>{fee}</dd>
        </div>
      ) : null}
      {countryName ? (
        <div>
          <dt>Country</dt>
          <dd>{countryName}</dd>
        </div>
      ) : null}
    </dl>
  );
}
