import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, Navigate, useParams } from '@sciexperts/shared/router';
import { hiddenBySciExperts, isPageMissing, isUnreachable, missingOnNotFound, useAuth, usePageData, type PageMissing, type PublicExpertProfile } from '@sciexperts/shared';
import { directoryApi } from '../api/directoryApi';
import { Avatar } from '../cards/Avatar';
import { ExpertFacts } from '../cards/ExpertFacts';
import { fullName } from '../format';
import { absoluteUrl, defineIsland, formatPublicationDate, formatWorkType, PageMeta, RatingSummary, ReadOnly, safeWorkUrl, type StructuredData, VerifiedBadge, VisuallyHidden } from '@sciexperts/ui';
import { expertIdOf, expertPath, SEARCH_PATH } from '../routing';
import { UNREACHABLE_MESSAGE } from '../ui/messages';
import { formatPeriod } from './profileFormat';
import styles from './Profile.module.css';

type Load = { status: 'loading' } | { status: 'ready'; profile: PublicExpertProfile } | { status: 'missing' } | { status: 'error'; unreachable: boolean };

export const NOT_AVAILABLE = 'This profile is not available.';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={styles.section} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function describe(profile: PublicExpertProfile): string {
  const name = fullName(profile);
  const base = profile.headline ? `${name}: ${profile.headline}.` : `${name}, freelance scientific expert.`;
  const services = profile.offeredServices.map((s) => s.service.name).join(', ');
  const text = services ? `${base} Services: ${services}. Message them on SciExperts.` : `${base} View the profile and message them on SciExperts.`;
  return text.length > 160 ? `${text.slice(0, 157).trimEnd()}…` : text;
}

/** A description in structured data holds at most this many characters of the summary. */
export const PERSON_DESCRIPTION_MAX = 500;

/**
 * schema.org Person for a visible profile: what the page shows, never the e-mail address or phone number (the
 * public profile has neither). Empty values are left out; knowsAbout lists services, then practice areas, once each.
 */
export function personData(profile: PublicExpertProfile, path: string): StructuredData {
  const summary = (profile.profileSummary ?? '').replace(/\s+/g, ' ').trim();
  const description = summary.length > PERSON_DESCRIPTION_MAX ? `${summary.slice(0, PERSON_DESCRIPTION_MAX - 1).trimEnd()}…` : summary;
  const knowsAbout = [...new Set([...profile.offeredServices.map((s) => s.service.name), ...profile.offeredServices.flatMap((s) => s.practiceAreas.map((a) => a.name))])];
  return {
    '@context': 'https://schema.org',
    '@type': 'Person',
    name: fullName(profile),
    jobTitle: profile.headline || undefined,
    description: description || undefined,
    image: profile.profImgUrl ? absoluteUrl(profile.profImgUrl) : undefined,
    url: absoluteUrl(path),
    address: profile.country ? { '@type': 'PostalAddress', addressCountry: profile.country } : undefined,
    knowsAbout: knowsAbout.length > 0 ? knowsAbout : undefined,
  };
}

/**
 * Islands of the profile (decision 0020, "Round three"): the actions and the reviews (pages of them, loaded on
 * request). The rest of the profile is only read: React leaves its server HTML in place on the page's first load.
 */
const ProfileActionsIsland = defineIsland('profile-actions', () => import(/* webpackChunkName: "island-profile" */ './ProfileActions').then((m) => m.ProfileActions));
const ProfileReviewsIsland = defineIsland('profile-reviews', () => import(/* webpackChunkName: "island-profile" */ './ProfileReviews').then((m) => m.ProfileReviews));

/** /experts/:idAndSlug: an expert's public profile, in the order and words of the profile editor. */
export function ExpertProfilePage() {
  const { idAndSlug } = useParams();
  const id = expertIdOf(idAndSlug);
  const signedIn = useAuth((state) => state.token !== null);
  // The server renders a visible profile with its data, and a missing one (hidden, suspended, private, unknown) as
  // not available, which the shell's server sends with 404 and noindex. Its owner's session, taking over after
  // hydration, loads it afresh (an owner reads their own hidden profile).
  const rendered = usePageData(`directory/expert/${id ?? 'none'}`, () =>
    id === null ? Promise.resolve<PageMissing>({ pageMissing: 404 }) : directoryApi.profile(id).catch(missingOnNotFound),
  );
  const [load, setLoad] = useState<Load>(
    rendered === undefined ? { status: 'loading' } : isPageMissing(rendered) ? { status: 'missing' } : { status: 'ready', profile: rendered },
  );
  const [attempt, setAttempt] = useState(0);
  const alreadyLoaded = useRef(rendered ? { id, signedIn } : null);

  useEffect(() => {
    if (id === null) {
      setLoad({ status: 'missing' });
      return;
    }
    const loadedAs = alreadyLoaded.current;
    alreadyLoaded.current = null;
    if (loadedAs?.id === id && loadedAs.signedIn === signedIn && attempt === 0) return;
    let current = true;
    // A member's fresh copy of the profile on screen replaces it without a loading flash.
    setLoad((previous) => (previous.status === 'ready' && previous.profile.id === id ? previous : { status: 'loading' }));
    directoryApi.profile(id).then(
      (profile) => {
        if (!current) return;
        setLoad({ status: 'ready', profile });
      },
      (error: unknown) => {
        if (!current) return;
        const status = (error as { status?: number } | null)?.status;
        setLoad(status === 404 || status === 400 ? { status: 'missing' } : { status: 'error', unreachable: isUnreachable(error) });
      },
    );
    return () => {
      current = false;
    };
    // Signing in or out changes what the call may answer (the owner sees their hidden profile).
  }, [id, attempt, signedIn]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  if (load.status === 'loading') {
    return (
      <div className={styles.page} aria-busy="true">
        <PageMeta title="Expert profile" description="The public profile of a freelance scientific expert on SciExperts: services, experience, education and publications." path={`/experts/${idAndSlug ?? ''}`} noIndex />
        <h1 className={styles.loadingTitle}>Loading the profile…</h1>
        <div className={styles.skeletonHeader} aria-hidden="true" />
      </div>
    );
  }

  if (load.status === 'missing' || load.status === 'error') {
    const missing = load.status === 'missing';
    return (
      <div className={styles.page}>
        <PageMeta title={missing ? 'Profile not available' : 'Profile could not be loaded'} description="This expert profile is not available. Search the SciExperts directory for freelance scientific and research experts." path={SEARCH_PATH} noIndex />
        <h1 className={styles.name}>{missing ? NOT_AVAILABLE : 'We could not load this profile'}</h1>
        {missing ? (
          <p>The expert may have hidden their profile or closed their account.</p>
        ) : (
          <div role="alert" className={styles.alert}>
            <p>{load.unreachable ? UNREACHABLE_MESSAGE : 'Something went wrong on our side. Please try again.'}</p>
            <button type="button" className={styles.secondaryButton} onClick={retry}>
              Retry
            </button>
          </div>
        )}
        <p>
          <Link to={SEARCH_PATH} className={styles.textLink}>
            Find another expert
          </Link>
        </p>
      </div>
    );
  }

  const { profile } = load;
  const name = fullName(profile);
  const path = expertPath(profile);
  // The readable form of the link (/experts/42, or a changed name → /experts/42-ada-lovelace), in place.
  if (`/experts/${idAndSlug}` !== path) return <Navigate to={path} replace />;

  return (
    <article className={styles.page}>
      <PageMeta
        title={profile.headline ? `${name}, ${profile.headline}` : name}
        description={describe(profile)}
        path={path}
        type="profile"
        noIndex={profile.isHidden}
        structuredData={profile.isHidden ? undefined : personData(profile, path)}
      />
      {profile.hiddenBySciExperts !== undefined ? (
        <p className={styles.hiddenNote} role="note">
          <strong>{hiddenBySciExperts(profile.hiddenBySciExperts)}</strong> Only you can see this page; your account otherwise works as before. To appeal, answer the
          e-mail we sent you.
        </p>
      ) : profile.isHidden ? (
        <p className={styles.hiddenNote} role="note">
          Only you can see this page: your profile is hidden from the expert directory and from visitors. Turn on “Show my profile in the expert directory and to visitors” under Profile Privacy in{' '}
          <Link to="/profile" className={styles.textLink}>
            your profile
          </Link>{' '}
          to publish it.
        </p>
      ) : null}
      <header className={styles.header}>
        <ReadOnly>
          <Avatar expert={profile} size="profile" />
        </ReadOnly>
        <div className={styles.identity}>
          <ReadOnly>
          <h1 className={styles.name}>
            {name}
            {profile.verified ? <VerifiedBadge /> : null}
          </h1>
          {profile.headline ? <p className={styles.headline}>{profile.headline}</p> : null}
          {profile.reviewCount > 0 ? (
            <p className={styles.rating}>
              <RatingSummary average={profile.ratingAverage} count={profile.reviewCount} />
            </p>
          ) : null}
          <ExpertFacts hourlyFee={profile.hourlyFee} country={profile.country} className={styles.facts} />
          </ReadOnly>
          <ProfileActionsIsland profile={profile} />
        </div>
      </header>
      <ReadOnly>

      {profile.profileSummary ? (
        <Section id="summary" title="Summary">
          {profile.profileSummary.split(/\n{2,}/).map((paragraph, i) => (
            <p key={i} className={styles.summary}>
              {paragraph}
            </p>
          ))}
        </Section>
      ) : null}

      {profile.offeredServices.length > 0 ? (
        <Section id="services" title="Services">
          <ul className={styles.services}>
            {profile.offeredServices.map((offered) => (
              <li key={offered.id} className={styles.serviceItem}>
                <h3 className={styles.itemTitle}>{offered.service.name}</h3>
                {offered.practiceAreas.length > 0 ? (
                  <ul className={styles.areas} aria-label={`${offered.service.name}: practice areas`}>
                    {offered.practiceAreas.map((area) => (
                      <li key={area.id}>{area.name}</li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      {profile.workExperiences.length > 0 ? (
        <Section id="work-experience" title="Work Experience">
          <ul className={styles.records}>
            {profile.workExperiences.map((w) => (
              <li key={w.id}>
                <h3 className={styles.itemTitle}>{w.jobTitle}</h3>
                <p className={styles.itemFacts}>{[w.companyName, w.employmentType].filter(Boolean).join(' · ')}</p>
                <p className={styles.itemPeriod}>{formatPeriod(w.startTime, w.endTime, w.currentlyWorking)}</p>
                {w.description ? <p className={styles.itemText}>{w.description}</p> : null}
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      {profile.educations.length > 0 ? (
        <Section id="education" title="Education">
          <ul className={styles.records}>
            {profile.educations.map((e) => (
              <li key={e.id}>
                <h3 className={styles.itemTitle}>{e.degreeTitle}</h3>
                <p className={styles.itemFacts}>{[e.institutionName, e.degreeType].filter(Boolean).join(' · ')}</p>
                <p className={styles.itemPeriod}>{formatPeriod(e.startTime, e.endTime, e.currentlyStudying)}</p>
                {e.description ? <p className={styles.itemText}>{e.description}</p> : null}
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      {profile.certifications.length > 0 ? (
        <Section id="certification" title="Certification">
          <ul className={styles.records}>
            {profile.certifications.map((c) => {
              const url = safeWorkUrl(c.certificationUrl);
              return (
                <li key={c.id}>
                  <h3 className={styles.itemTitle}>{c.certificationName}</h3>
                  <p className={styles.itemFacts}>{c.issuingOrganization}</p>
                  <p className={styles.itemPeriod}>{formatPeriod(c.startTime, c.endTime, c.isExpire)}</p>
                  {url ? (
                    <a href={url} className={styles.textLink} rel="noopener noreferrer nofollow" target="_blank">
                      Show credential<VisuallyHidden>: {c.certificationName} (opens in a new tab)</VisuallyHidden>
                    </a>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </Section>
      ) : null}

      {profile.publications.length > 0 ? (
        <Section id="publication" title="Publication">
          <ul className={styles.records}>
            {profile.publications.map((p, i) => {
              const url = safeWorkUrl(p.url);
              const date = formatPublicationDate(p.publicationDate);
              const type = formatWorkType(p.type);
              return (
                <li key={`${p.title}-${i}`}>
                  <h3 className={styles.itemTitle}>
                    {url ? (
                      <a href={url} className={styles.textLink} rel="noopener noreferrer nofollow" target="_blank">
                        {p.title}
                        <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
                      </a>
                    ) : (
                      p.title
                    )}
                  </h3>
                  {type || date ? (
                    <p className={styles.itemFacts}>
                      {type}
                      {type && date ? ' · ' : null}
                      {date ? <time dateTime={date.iso}>{date.text}</time> : null}
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </Section>
      ) : null}

      </ReadOnly>
      {profile.reviewCount > 0 ? (
        <ProfileReviewsIsland key={profile.id} expertId={profile.id} firstName={profile.firstName} fullName={name} ratingAverage={profile.ratingAverage} reviewCount={profile.reviewCount} />
      ) : null}

      <ReadOnly>
        <p className={styles.back}>
          <Link to={SEARCH_PATH} className={styles.textLink}>
            Find more experts
          </Link>
        </p>
      </ReadOnly>
    </article>
  );
}
