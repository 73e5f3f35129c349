// The part of Kustomize that deploy/kubernetes uses, for machines without kubectl (CI here): `resources` (files and
// folders with a kustomization.yaml), `namespace`, `labels` (metadata only), `images`, `replicas` and `patches`
// (strategic merge patches named by kind and name, or a target). scripts/test/kubernetesManifests.test.mjs checks that
// it renders every overlay exactly as `kubectl kustomize` does wherever kubectl is installed; anything else in a
// kustomization.yaml is refused here rather than ignored.
import fs from 'node:fs';
import path from 'node:path';
import yaml from 'yaml';

const SUPPORTED = new Set(['apiVersion', 'kind', 'resources', 'namespace', 'labels', 'images', 'replicas', 'patches']);

/** Lists whose items a strategic merge patch merges by a key, as Kubernetes' own types declare (the ones used here). */
const MERGE_KEYS = {
  containers: 'name',
  initContainers: 'name',
  env: 'name',
  envFrom: null,
  ports: 'containerPort',
  volumes: 'name',
  volumeMounts: 'mountPath',
};

/** A deep copy of plain data (what YAML parses to). */
const clone = (value) => JSON.parse(JSON.stringify(value));
const readDocs = (file) =>
  yaml
    .parseAllDocuments(fs.readFileSync(file, 'utf8'))
    .map((doc) => doc.toJS())
    .filter((doc) => doc && typeof doc === 'object');

function strategicMerge(base, patch, key = null) {
  if (Array.isArray(patch)) {
    const mergeKey = key !== null && key in MERGE_KEYS ? MERGE_KEYS[key] : undefined;
    if (!mergeKey || !Array.isArray(base)) return clone(patch);
    // Items named in the patch are merged into the base's item of that name (or appended); `$patch: delete` removes it.
    const out = base.map((item) => clone(item));
    for (const item of patch) {
      const at = out.findIndex((b) => b[mergeKey] === item[mergeKey]);
      if (item.$patch === 'delete') {
        if (at >= 0) out.splice(at, 1);
      } else if (at >= 0) out[at] = strategicMerge(out[at], item, null);
      else out.push(clone(item));
    }
    return out;
  }
  if (patch && typeof patch === 'object') {
    const out = base && typeof base === 'object' && !Array.isArray(base) ? { ...base } : {};
    for (const [k, v] of Object.entries(patch)) {
      if (v === null) delete out[k];
      else out[k] = strategicMerge(out[k], v, k);
    }
    return out;
  }
  return patch;
}

function applyImages(resource, images) {
  const visit = (node) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    for (const listName of ['containers', 'initContainers']) {
      for (const container of Array.isArray(node[listName]) ? node[listName] : []) {
        const [name, tag] = splitImage(container.image);
        const rule = images.find((i) => i.name === name);
        if (rule) container.image = `${rule.newName ?? name}${rule.digest ? `@${rule.digest}` : `:${rule.newTag ?? tag ?? 'latest'}`}`;
      }
    }
    Object.values(node).forEach(visit);
  };
  visit(resource);
}

function splitImage(image) {
  const at = image.lastIndexOf(':');
  return at > image.lastIndexOf('/') ? [image.slice(0, at), image.slice(at + 1)] : [image, null];
}

/** The resources a kustomization folder builds, in kubectl kustomize's order (legacy: by kind, then as listed). */
export function kustomize(dir) {
  const resources = build(dir);
  return resources.sort((a, b) => kindRank(a.kind) - kindRank(b.kind));
}

function build(dir) {
  const file = ['kustomization.yaml', 'kustomization.yml', 'Kustomization'].map((f) => path.join(dir, f)).find((f) => fs.existsSync(f));
  if (!file) throw new Error(`${dir}: no kustomization.yaml`);
  const k = yaml.parse(fs.readFileSync(file, 'utf8'));
  const unsupported = Object.keys(k).filter((key) => !SUPPORTED.has(key));
  if (unsupported.length) throw new Error(`${file}: ${unsupported.join(', ')} not supported by scripts/lib/kustomize.mjs (use kubectl kustomize)`);
  let out = [];
  for (const entry of k.resources ?? []) {
    const target = path.resolve(dir, entry);
    out.push(...(fs.statSync(target).isDirectory() ? build(target) : readDocs(target)));
  }
  for (const patchEntry of k.patches ?? []) {
    if (!patchEntry.path) throw new Error(`${file}: only patches from a file (path:) are supported here`);
    const patches = readDocs(path.resolve(dir, patchEntry.path));
    for (const patch of patches) {
      const kind = patchEntry.target?.kind ?? patch.kind;
      const name = patchEntry.target?.name ?? patch.metadata?.name;
      const at = out.findIndex((r) => r.kind === kind && r.metadata?.name === name);
      if (at < 0) throw new Error(`${file}: the patch's target ${kind}/${name} is not among the resources`);
      if (patch.$patch === 'delete') out.splice(at, 1);
      else out[at] = strategicMerge(out[at], patch);
    }
  }
  for (const { name, count } of k.replicas ?? []) {
    for (const r of out) if (r.metadata?.name === name && r.spec && 'replicas' in r.spec) r.spec.replicas = count;
  }
  if (k.images) for (const r of out) applyImages(r, k.images);
  for (const { pairs = {}, includeSelectors = false, includeTemplates = false } of k.labels ?? []) {
    if (includeSelectors || includeTemplates) throw new Error(`${file}: labels with includeSelectors or includeTemplates are not supported here`);
    for (const r of out) r.metadata = { ...r.metadata, labels: { ...r.metadata?.labels, ...pairs } };
  }
  if (k.namespace) for (const r of out) if (r.kind !== 'Namespace') r.metadata = { ...r.metadata, namespace: k.namespace };
  out = out.map((r) => JSON.parse(JSON.stringify(r)));
  return out;
}

// kustomize's legacy ordering (what `kubectl kustomize` prints): namespaces and cluster objects first, then
// configuration, then workloads; kinds not listed come after those listed, before the webhooks.
const ORDER = [
  'Namespace', 'ResourceQuota', 'StorageClass', 'CustomResourceDefinition', 'ServiceAccount', 'PodSecurityPolicy', 'Role', 'ClusterRole',
  'RoleBinding', 'ClusterRoleBinding', 'ConfigMap', 'Secret', 'Endpoints', 'Service', 'LimitRange', 'PriorityClass',
  'PersistentVolume', 'PersistentVolumeClaim', 'Deployment', 'StatefulSet', 'CronJob', 'PodDisruptionBudget',
];
const LAST = ['MutatingWebhookConfiguration', 'ValidatingWebhookConfiguration'];
function kindRank(kind) {
  const at = ORDER.indexOf(kind);
  if (at >= 0) return at;
  const last = LAST.indexOf(kind);
  return last >= 0 ? 1000 + last : 500;
}

/** The rendered resources as one YAML stream, as kubectl kustomize prints it. */
export const toYaml = (resources) => resources.map((r) => yaml.stringify(r, { lineWidth: 0 })).join('---\n');
