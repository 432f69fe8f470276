// Keyboard helpers shared by the panels.

/** The element an event is aimed at, when it is one (typed as any: its kind varies). */
const targetOf = (/** @type {Event} */ ev) => /** @type {any} */ (ev.target);

/** True when a key goes to a text field, not to the page's shortcuts. */
export const inTextField = (/** @type {Event} */ ev) => { const t = targetOf(ev); return !!t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA'); };

/** True when a key goes to a text field or a menu (the panels' shortcuts stay out of both). */
export const isTyping = (/** @type {Event} */ ev) => inTextField(ev) || (!!targetOf(ev) && targetOf(ev).tagName === 'SELECT');

/** Takes the keyboard focus away from a field (after its form is submitted). */
export const blurActive = () => { const a = document.activeElement; if (a instanceof HTMLElement) a.blur(); };
