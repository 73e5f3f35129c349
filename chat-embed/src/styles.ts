// The element's own styles (adopted by its shadow root: no inline style, so a strict CSP holds). The theming API maps
// the host page's --sciexperts-chat-* properties onto the design tokens the chat's own CSS reads.
export const STYLES = `
:host{display:block;
--color-brand:var(--sciexperts-chat-accent,#0b5cad);--color-brand-strong:var(--sciexperts-chat-accent,#084a8c);
--color-surface:var(--sciexperts-chat-background,#fff);--color-surface-alt:color-mix(in srgb,var(--color-surface) 94%,var(--color-text));
--color-text:var(--sciexperts-chat-text,#1b1f24);--color-text-muted:color-mix(in srgb,var(--color-text) 78%,var(--color-surface));
--color-border:color-mix(in srgb,var(--color-text) 22%,var(--color-surface));
--font-sans:var(--sciexperts-chat-font,system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif);
--radius-sm:var(--sciexperts-chat-radius,4px);--radius-md:var(--sciexperts-chat-radius,8px);--radius-lg:var(--sciexperts-chat-radius,16px);
font-family:var(--font-sans);color:var(--color-text);background:var(--color-surface);line-height:1.5}
:host([theme=dark]){--color-brand:var(--sciexperts-chat-accent,#7cb8f7);--color-brand-strong:var(--sciexperts-chat-accent,#a6cffa);--color-brand-contrast:#0b1220;
--color-surface:var(--sciexperts-chat-background,#111827);--color-text:var(--sciexperts-chat-text,#f3f4f6);--color-focus:#93c5fd;--color-danger:#fca5a5;--color-success:#86efac}
.sign-in{font:inherit;font-weight:600;color:var(--color-brand-contrast,#fff);background:var(--color-brand);border:0;border-radius:var(--radius-md);padding:.6rem 1.1rem;min-height:44px;cursor:pointer}
.sign-in:focus-visible{outline:3px solid var(--color-focus,#1d4ed8);outline-offset:2px}
.sign-in:disabled{opacity:.7;cursor:progress}
p[role=status]:empty{display:none}
`;
