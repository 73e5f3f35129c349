import fc from 'fast-check';
import { member, startApp, type Harness } from './helpers';

const scalar = fc.oneof(fc.string({ maxLength: 30 }), fc.string({ unit: 'binary', maxLength: 10 }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constantFrom('2020-01', '2020-13', '', ' ', 'Full time', 'PhD', "'; drop table users; --"));
const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 3 }));
const FIELDS = [
  'email', 'password', 'firstName', 'lastName', 'phoneNumber', 'headline', 'profileSummary', 'hourlyFee', 'profImgUrl', 'isProfilePublic',
  'companyName', 'jobTitle', 'employmentType', 'currentlyWorking', 'description', 'startTime', 'endTime', 'id',
  'institutionName', 'degreeTitle', 'degreeType', 'currentlyStudying', 'certificationName', 'issuingOrganization', 'certificationUrl', 'isExpire',
  'services', 'serviceName', 'practiceAreaNames', 'token', '__proto__', 'constructor',
];
/** Bodies near the real shapes, so the checks past the schema are exercised too. */
const shaped = fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 10 });
const services = fc.record({ services: fc.array(fc.record({ serviceName: fc.oneof(fc.constantFrom('Data Science', 'Nope'), scalar), practiceAreaNames: fc.oneof(fc.array(fc.oneof(fc.constantFrom('Machine Learning'), scalar), { maxLength: 3 }), scalar) }), { maxLength: 3 }) });
const body = fc.oneof(fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)), shaped.map((v) => JSON.stringify(v)), services.map((v) => JSON.stringify(v)), fc.string({ maxLength: 40 }));
const idSegment = fc.oneof(fc.constant('SELF'), fc.constant('OTHER'), fc.integer({ min: -5, max: 2 ** 40 }).map(String), fc.string({ maxLength: 12 }).map(encodeURIComponent));

describe('random input never yields a 500', () => {
  let h: Harness;
  let me: Awaited<ReturnType<typeof member>>;
  let other: Awaited<ReturnType<typeof member>>;
  beforeAll(async () => {
    // Both integrations configured, so their paths are fuzzed too (the identity provider is unreachable, ORCID refuses codes).
    h = await startApp(
      {
        oidc: { issuer: 'http://127.0.0.1:9', audience: 'api', jwksUrl: 'http://127.0.0.1:9/jwks' },
        orcid: { baseUrl: 'https://orcid.test', apiUrl: 'https://pub.orcid.test', clientId: 'c', clientSecret: 's', redirectUri: 'http://localhost:8080/profile' },
      },
      { fetch: (async () => new Response('{"error":"invalid_grant"}', { status: 400 })) as typeof fetch },
    );
    me = await member(h);
    other = await member(h);
  });
  afterAll(() => h.close());

  const WRITES: Array<[string, string]> = [
    ['POST', '/api/User/AddNewUser'],
    ['POST', '/api/Account/Login'],
    ['POST', '/api/Account/Logout'],
    ['POST', '/api/Account/LoginWithAuth0'],
    ['POST', '/api/Account/RequestPasswordReset'],
    ['POST', '/api/Account/ResetPassword'],
    ['PUT', '/api/User/UpdateUser/:id'],
    ['PUT', '/api/User/UpdateUserAuth0'],
    ['POST', '/api/User/BulkAddServices/:id'],
    ['POST', '/api/User/UploadProfileImage/:id'],
    ['POST', '/api/WorkExperience/AddNewWorkExperience/:id'],
    ['PUT', '/api/WorkExperience/UpdateWorkExperience/:id'],
    ['DELETE', '/api/WorkExperience/DeleteWorkExperienceById/:id'],
    ['POST', '/api/Education/AddEducation/:id'],
    ['PUT', '/api/Education/UpdateEducation/:id'],
    ['POST', '/api/Certification/AddCertification/:id'],
    ['PUT', '/api/Certification/UpdateCertification/:id'],
    ['GET', '/auth/orcid/callback'],
  ];

  it.each(WRITES)('%s %s', async (method, route) => {
    await fc.assert(
      fc.asyncProperty(body, idSegment, fc.boolean(), fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain', 'multipart/form-data; boundary=x'), async (payload, id, withToken, type) => {
        const segment = id === 'SELF' ? String(me.id) : id === 'OTHER' ? String(other.id) : id;
        const res = await h.app.inject({
          method: method as 'POST',
          url: route.replace(':id', segment),
          headers: { 'content-type': type, ...(withToken ? { authorization: `Bearer ${me.token}` } : {}) },
          ...(method === 'GET' ? {} : { payload }),
        });
        if (res.statusCode >= 500) throw new Error(`${res.statusCode} for ${method} ${route} ${payload}: ${res.body}`);
        expect(() => JSON.parse(res.body) as unknown).not.toThrow();
      }),
      { numRuns: 30 },
    );
  });

  it('left the other member untouched', async () => {
    const res = await h.api<{ headline: string | null; offeredServices: unknown[] }>('GET', `/api/User/GetUserById/${other.id}`, { token: other.token });
    expect(res.status).toBe(200);
    expect(res.body.headline).toBeNull();
    expect(res.body.offeredServices).toEqual([]);
  });
});
