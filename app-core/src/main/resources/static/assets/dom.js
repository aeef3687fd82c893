/* Small DOM helpers: elements, their texts and labels, a notice, a toast. Every text goes in as text, never as
   markup. Nothing here knows the page's texts or its stores, so the sign-in form needs nothing more
   (format.js writes dates, times and money). */

export const $ = (selector) => document.querySelector(selector);
export const sleep = (ms) => new Promise(resolve => setTimeout(resolve, ms));

/** An element with attributes, listeners (onclick...) and children (strings become text nodes). */
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) {
      continue;
    }
    if (key === 'class') {
      el.className = value;
    } else if (key.startsWith('on')) {
      el.addEventListener(key.slice(2), value);
    } else {
      el.setAttribute(key, value === true ? '' : value);
    }
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined && child !== false) {
      el.append(child);
    }
  }
  return el;
}

export function setText(el, text) {
  if (el.textContent !== text) {
    el.textContent = text;
  }
}

/** What a screen reader (or a keyboard user's focus) says of a control. */
export function setLabel(el, text) {
  if (el.getAttribute('aria-label') !== text) {
    el.setAttribute('aria-label', text);
  }
}

/** A notice under a form: 'ok', 'info' or 'error', with its text. */
export function say(el, kind, text) {
  el.className = 'notice ' + kind;
  el.textContent = text;
  el.hidden = false;
}

let toastTimer = null;
export function toast(text) {
  const el = $('#toast');
  el.textContent = text;
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { el.hidden = true; }, 4500);
}
