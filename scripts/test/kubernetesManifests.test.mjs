// deploy/kubernetes: every overlay renders (scripts/lib/kustomize.mjs, and the same as `kubectl kustomize` wherever
// kubectl is installed), every object is valid against the Kubernetes API's schemas (kubernetes-models, generated from
// Kubernetes' OpenAPI document; no cluster and no network needed), and the settings that make a rollout lose nothing
// hold: probes on the health routes, a grace period longer than the drain, resources, non-root, the WebSocket
// settings, a connection budget within PostgreSQL's max_connections. Run by `npm test`; starts nothing.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { isDeepStrictEqual } from 'node:util';
import * as models from 'kubernetes-models';
import yaml from 'yaml';
import { root } from '../lib/apps.mjs';
import { kustomize } from '../lib/kustomize.mjs';

const dir = path.join(root, 'deploy', 'kubernetes');
const overlays = { base: 'base', production: 'overlays/production', local: 'overlays/local' };
const rendered = Object.fromEntries(Object.entries(overlays).map(([name, rel]) => [name, kustomize(path.join(dir, rel))]));
const key = (r) => `${r.kind}/${r.metadata.name}`;
const find = (resources, kind, name) => {
  const found = resources.find((r) => r.kind === kind && r.metadata.name === name);
  assert.ok(found, `${kind}/${name} is missing`);
  return found;
};
const hasKubectl = !spawnSync('kubectl', ['version', '--client']).error;

/** The model class for an object: apiVersion "apps/v1" is models.apps.v1, "networking.k8s.io/v1" models.networkingK8sIo.v1. */
function modelOf({ apiVersion, kind }) {
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
  const ns = group === '' ? models[version] : models[group.replace(/\.([a-z])/g, (_, c) => c.toUpperCase())]?.[version];
  return ns?.[kind];
}

/** PostgreSQL's default max_connections (100) less superuser_reserved_connections (3). */
const POSTGRES_CONNECTIONS = 100 - 3;

for (const [name, rel] of Object.entries(overlays)) {
  describe(`deploy/kubernetes/${rel}`, () => {
    const resources = rendered[name];

    test('renders as kubectl kustomize does', { skip: hasKubectl ? false : 'kubectl is not installed here' }, () => {
      const out = spawnSync('kubectl', ['kustomize', path.join(dir, rel)], { encoding: 'utf8' });
      assert.equal(out.status, 0, out.stderr);
      const theirs = yaml.parseAllDocuments(out.stdout).map((d) => d.toJS());
      const ours = new Map(resources.map((r) => [key(r), r]));
      assert.deepEqual(theirs.map(key).sort(), [...ours.keys()].sort());
      for (const r of theirs) assert.ok(isDeepStrictEqual(ours.get(key(r)), r), `${key(r)} differs from kubectl kustomize's`);
    });

    test("every object is valid against the Kubernetes API's schema", () => {
      for (const r of resources) {
        const Model = modelOf(r);
        assert.ok(Model, `no schema for ${r.apiVersion} ${r.kind}`);
        assert.doesNotThrow(() => new Model(r).validate(), (error) => assert.fail(`${key(r)}: ${error.message}`));
      }
    });

    test('each Service, PodDisruptionBudget and HorizontalPodAutoscaler points at a workload that exists', () => {
      const pods = resources.filter((r) => r.kind === 'Deployment').map((d) => ({ labels: d.spec.template.metadata.labels, ports: d.spec.template.spec.containers.flatMap((c) => c.ports ?? []) }));
      const matches = (selector, labels) => Object.entries(selector).every(([k, v]) => labels[k] === v);
      for (const svc of resources.filter((r) => r.kind === 'Service')) {
        const pod = pods.find((p) => matches(svc.spec.selector, p.labels));
        assert.ok(pod, `${key(svc)} selects no pod`);
        for (const port of svc.spec.ports) if (typeof port.targetPort === 'string') assert.ok(pod.ports.some((p) => p.name === port.targetPort), `${key(svc)}: no container port named ${port.targetPort}`);
      }
      for (const pdb of resources.filter((r) => r.kind === 'PodDisruptionBudget')) assert.ok(pods.some((p) => matches(pdb.spec.selector.matchLabels, p.labels)), `${key(pdb)} selects no pod`);
      for (const hpa of resources.filter((r) => r.kind === 'HorizontalPodAutoscaler')) find(resources, hpa.spec.scaleTargetRef.kind, hpa.spec.scaleTargetRef.name);
      for (const ing of resources.filter((r) => r.kind === 'Ingress')) {
        for (const p of ing.spec.rules.flatMap((rule) => rule.http.paths)) {
          const svc = find(resources, 'Service', p.backend.service.name);
          assert.ok(svc.spec.ports.some((sp) => sp.name === p.backend.service.port.name), `${key(ing)} ${p.path}: no port ${p.backend.service.port.name}`);
        }
      }
    });
  });
}

describe('the base', () => {
  const resources = rendered.base;
  const config = find(resources, 'ConfigMap', 'sciexperts-config').data;
  const paths = fs.readFileSync(path.join(root, 'shared', 'src', 'contracts', 'paths.ts'), 'utf8');

  test('the probes ask the health routes the API serves', () => {
    for (const route of ['/api/health/live', '/api/health/ready']) assert.ok(paths.includes(`'${route}'`), `${route} is not in the contract`);
    const api = find(resources, 'Deployment', 'sciexperts-api').spec.template.spec.containers[0];
    assert.equal(api.readinessProbe.httpGet.path, '/api/health/ready');
    assert.equal(api.livenessProbe.httpGet.path, '/api/health/live');
    assert.equal(api.startupProbe.httpGet.path, '/api/health/live');
    const pages = find(resources, 'Deployment', 'sciexperts-pages').spec.template.spec.containers[0];
    for (const probe of ['readinessProbe', 'livenessProbe', 'startupProbe']) assert.equal(pages[probe].httpGet.path, '/remotes.json');
  });

  test('the grace period covers preStop, the drain delay and the 10 s the API allows itself to finish', () => {
    const pod = find(resources, 'Deployment', 'sciexperts-api').spec.template.spec;
    const preStop = Number(pod.containers[0].lifecycle.preStop.exec.command[1]);
    const delay = Number(config.SHUTDOWN_DELAY_MS) / 1000;
    assert.ok(preStop > 0 && delay > 0);
    assert.ok(pod.terminationGracePeriodSeconds >= preStop + delay + 10, `${pod.terminationGracePeriodSeconds} s < ${preStop} + ${delay} + 10 s`);
    // main.ts: a stuck connection ends the process 10 s after the grace period; the orchestrator must not kill it first.
    const main = fs.readFileSync(path.join(root, 'server', 'src', 'main.ts'), 'utf8');
    assert.match(main, /10_000 \+ delayMs/);
  });

  test('every container has requests and limits and runs as a non-root user, read-only, without privileges', () => {
    for (const r of resources.filter((x) => ['Deployment', 'Job', 'CronJob'].includes(x.kind))) {
      const pod = r.kind === 'CronJob' ? r.spec.jobTemplate.spec.template.spec : r.spec.template.spec;
      assert.equal(pod.securityContext.runAsNonRoot, true, key(r));
      assert.ok(pod.securityContext.runAsUser > 0, key(r));
      for (const c of pod.containers) {
        assert.ok(c.resources.requests.cpu && c.resources.requests.memory && c.resources.limits.cpu && c.resources.limits.memory, `${key(r)} ${c.name}`);
        assert.equal(c.securityContext.allowPrivilegeEscalation, false, `${key(r)} ${c.name}`);
        assert.equal(c.securityContext.readOnlyRootFilesystem, true, `${key(r)} ${c.name}`);
        assert.deepEqual(c.securityContext.capabilities.drop, ['ALL']);
      }
    }
  });

  test('secrets are in the Secret only, and the workloads read them from it', () => {
    const secret = find(resources, 'Secret', 'sciexperts-secrets');
    const secretKeys = Object.keys(secret.stringData);
    for (const k of ['TOKEN_SECRET', 'DATABASE_URL', 'REDIS_URL', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'SMTP_URL', 'METRICS_TOKEN']) assert.ok(secretKeys.includes(k), k);
    assert.deepEqual(Object.keys(config).filter((k) => secretKeys.includes(k) || /SECRET|PASSWORD|TOKEN$/.test(k)), []);
    const api = find(resources, 'Deployment', 'sciexperts-api').spec.template.spec.containers[0];
    assert.ok(api.envFrom.some((e) => e.secretRef?.name === 'sciexperts-secrets'));
  });

  test("the WebSockets' Ingress keeps idle sockets for an hour and hashes a member's sockets to one pod", () => {
    const socket = find(resources, 'Ingress', 'sciexperts-socket');
    assert.deepEqual(socket.spec.rules[0].http.paths.map((p) => [p.path, p.backend.service.name]), [['/socket.io/', 'sciexperts-api']]);
    assert.ok(Number(socket.metadata.annotations['nginx.ingress.kubernetes.io/proxy-read-timeout']) >= 3600);
    assert.equal(socket.metadata.annotations['nginx.ingress.kubernetes.io/upstream-hash-by'], '$arg_userId');
    const site = find(resources, 'Ingress', 'sciexperts');
    const apiPaths = site.spec.rules[0].http.paths.filter((p) => p.backend.service.name === 'sciexperts-api').map((p) => p.path);
    assert.deepEqual(apiPaths, ['/api/', '/auth/orcid/', '/uploads/', '/robots.txt', '/sitemap.xml']);
  });

  test("the API's largest scale stays within PostgreSQL's connections", () => {
    const hpa = find(resources, 'HorizontalPodAutoscaler', 'sciexperts-api');
    const pool = Number(config.DATABASE_POOL_SIZE);
    // Each API pod's pool, the migrations Job's (a process of the same server, the same pool) and one pg_dump.
    const total = hpa.spec.maxReplicas * pool + pool + 1;
    assert.ok(total <= POSTGRES_CONNECTIONS, `${hpa.spec.maxReplicas} x ${pool} + ${pool} + 1 = ${total} > ${POSTGRES_CONNECTIONS}`);
    // A rolling update adds maxSurge pods above the HPA's maximum for a moment.
    const surge = find(resources, 'Deployment', 'sciexperts-api').spec.strategy.rollingUpdate.maxSurge;
    assert.ok(total + surge * pool <= POSTGRES_CONNECTIONS);
  });

  test('the migrations Job runs the compiled migrate entry with the API image and environment', () => {
    const job = find(resources, 'Job', 'sciexperts-migrate').spec.template.spec.containers[0];
    const api = find(resources, 'Deployment', 'sciexperts-api').spec.template.spec.containers[0];
    assert.equal(job.image, api.image);
    assert.deepEqual(job.envFrom, api.envFrom);
    assert.equal(job.command.at(-1), 'server/dist/migrate.js');
    assert.ok(fs.existsSync(path.join(root, 'server', 'src', 'migrate.ts')));
  });

  test('the backup CronJob dumps the database named in the Secret, nightly, one at a time', () => {
    const cron = find(resources, 'CronJob', 'sciexperts-backup');
    assert.match(cron.spec.schedule, /^\S+ \S+ \* \* \*$/);
    assert.equal(cron.spec.concurrencyPolicy, 'Forbid');
    const c = cron.spec.jobTemplate.spec.template.spec.containers[0];
    assert.match(c.command.join(' '), /pg_dump --format=custom/);
    assert.deepEqual(c.env.find((e) => e.name === 'DATABASE_URL').valueFrom.secretKeyRef, { name: 'sciexperts-secrets', key: 'DATABASE_URL' });
  });
});

test('production applies no placeholder Secret, and pulls the images from a registry', () => {
  assert.equal(rendered.production.filter((r) => r.kind === 'Secret').length, 0);
  for (const r of rendered.production.filter((x) => x.kind === 'Deployment')) for (const c of r.spec.template.spec.containers) assert.match(c.image, /^registry\.example\.com\//);
});
