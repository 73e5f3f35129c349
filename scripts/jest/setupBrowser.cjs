/* global jest -- a jest setup file: jest provides it. */
require('@testing-library/jest-dom');
require('./offline.cjs').refuseNetwork();
// CI machines are busy: at a load of 9 to 25 on two cores a test that takes 0.5 s alone takes ten to forty times
// that, and jest's 5 s default failed good tests there (and a timed-out test runs on into the next one). This limit is
// only a backstop for a hang: a test waiting for something that never shows fails at findBy/waitFor's own limit
// first, and nothing in these suites waits on the wall clock. Set here, not as the project's testTimeout, which jest
// ignores when the root config runs the workspaces as projects.
jest.setTimeout(60_000);
// findBy* and waitFor give up after this long. Their wait ends as soon as the awaited state is on screen, so a
// generous limit costs nothing when the code works; the library's 1 s default failed good tests on busy CI machines.
require('@testing-library/dom').configure({ asyncUtilTimeout: 10_000 });
// jsdom lacks TextEncoder/TextDecoder, which react-router needs.
const { TextEncoder, TextDecoder } = require('node:util');
if (typeof globalThis.TextEncoder === 'undefined') globalThis.TextEncoder = TextEncoder;
if (typeof globalThis.TextDecoder === 'undefined') globalThis.TextDecoder = TextDecoder;
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  });
}
if (typeof window !== 'undefined' && !window.scrollTo) window.scrollTo = () => {};
// jsdom has HTMLDialogElement but neither showModal() nor close() (jsdom 26). A stand-in with the parts tests
// observe: the open attribute, the close event, and modality as the browser applies it, everything outside the
// dialog made inert (here with the inert attribute, which jsdom shows but does not enforce).
if (typeof window !== 'undefined' && window.HTMLDialogElement && !window.HTMLDialogElement.prototype.showModal) {
  const madeInert = new WeakMap();
  const proto = window.HTMLDialogElement.prototype;
  proto.show = function show() {
    this.setAttribute('open', '');
  };
  const makeOutsideInert = (dialog) => {
    const inert = [];
    for (let node = dialog; node.parentElement && node !== dialog.ownerDocument.body; node = node.parentElement) {
      for (const sibling of node.parentElement.children) {
        if (sibling !== node && !sibling.hasAttribute('inert')) {
          sibling.setAttribute('inert', '');
          inert.push(sibling);
        }
      }
    }
    madeInert.set(dialog, inert);
  };
  proto.showModal = function showModal() {
    if (this.open) return;
    if (!this.isConnected) throw new window.DOMException('The dialog is not in a document.', 'InvalidStateError');
    this.setAttribute('open', '');
    makeOutsideInert(this);
  };
  proto.close = function close(returnValue) {
    if (!this.open) return;
    if (returnValue !== undefined) this.returnValue = returnValue;
    this.removeAttribute('open');
    for (const element of madeInert.get(this) ?? []) element.removeAttribute('inert');
    madeInert.delete(this);
    this.dispatchEvent(new window.Event('close'));
  };
}
