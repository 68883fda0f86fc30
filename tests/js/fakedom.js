// The little of the DOM that ui.js's `el` uses, for Node's test runner: elements and text
// nodes that serialise to HTML strings (outerHTML), so that a test can assert what a rendering
// function draws, exactly. Installed as globals (document, Node) by `installFakeDom()`.

const VOID = new Set(["br", "hr", "img", "input", "meta", "link"]);

function escapeText(text) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function escapeAttr(text) {
  return escapeText(text).replace(/"/g, "&quot;");
}

export class Node {
  constructor() {
    this.childNodes = [];
    this.parentNode = null;
  }

  append(...nodes) {
    for (const node of nodes) {
      const child = node instanceof Node ? node : new Text(String(node));
      child.parentNode = this;
      this.childNodes.push(child);
    }
  }

  replaceChildren(...nodes) {
    this.childNodes = [];
    this.append(...nodes);
  }

  get textContent() {
    return this.childNodes.map((c) => c.textContent).join("");
  }

  set textContent(text) {
    this.replaceChildren(new Text(String(text)));
  }
}

export class Text extends Node {
  constructor(data) {
    super();
    this.data = data;
  }

  get textContent() {
    return this.data;
  }

  get outerHTML() {
    return escapeText(this.data);
  }
}

export class Element extends Node {
  constructor(tag, namespace = null) {
    super();
    this.tagName = tag;
    this.namespaceURI = namespace;
    this.attributes = new Map();
    this.listeners = {};
    this.dataset = new Proxy({}, {
      set: (target, key, value) => { target[key] = String(value); this.attributes.set(`data-${key.replace(/[A-Z]/g, (m) => `-${m.toLowerCase()}`)}`, String(value)); return true; },
    });
    this.style = { setProperty: (prop, value) => this.attributes.set("style", `${this.attributes.get("style") || ""}${prop}: ${value};`) };
  }

  setAttribute(name, value) {
    this.attributes.set(name, String(value));
  }

  getAttribute(name) {
    return this.attributes.has(name) ? this.attributes.get(name) : null;
  }

  get className() {
    return this.getAttribute("class") || "";
  }

  set className(value) {
    this.setAttribute("class", value);
  }

  addEventListener(type, fn) {
    (this.listeners[type] ||= []).push(fn);
  }

  get outerHTML() {
    const attrs = [...this.attributes].map(([k, v]) => ` ${k}="${escapeAttr(v)}"`).join("");
    if (VOID.has(this.tagName)) return `<${this.tagName}${attrs}>`;
    return `<${this.tagName}${attrs}>${this.childNodes.map((c) => c.outerHTML).join("")}</${this.tagName}>`;
  }
}

export const document = {
  activeElement: null, // nothing has the focus (ui.js's focusKeeper then keeps nothing)
  createElement: (tag) => new Element(tag),
  createElementNS: (ns, tag) => new Element(tag, ns),
  createTextNode: (data) => new Text(data),
};

/** Makes `document`, `Node` and the element classes globals, as ui.js expects them (before
 * importing it). */
export function installFakeDom() {
  globalThis.document = document;
  globalThis.Node = Node;
  globalThis.HTMLElement = Element;
  globalThis.HTMLInputElement = class extends Element {};
  globalThis.HTMLTextAreaElement = class extends Element {};
}
