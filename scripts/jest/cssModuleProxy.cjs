// CSS Modules in jest: every class name maps to itself, so tests can still select by it when they must.
module.exports = new Proxy({}, { get: (_target, key) => (key === '__esModule' ? false : key) });
