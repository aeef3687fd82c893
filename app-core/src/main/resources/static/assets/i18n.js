/* CourtRush students' page — picks its texts, Chinese (default, i18n-zh.js) or English (i18n-en.js). The
   engine's own messages arrive in the same language: every API call sends the matching Accept-Language. */
import { ZH } from './i18n-zh.js';
import { EN } from './i18n-en.js';

const TEXTS = { zh: ZH, en: EN };

export const I18N = (() => {
  const STORE = 'courtrush.lang';

  function preferred() {
    const saved = localStorage.getItem(STORE);
    if (saved === 'zh' || saved === 'en') {
      return saved;
    }
    // Chinese unless the browser prefers English
    const first = (navigator.languages && navigator.languages[0]) || navigator.language || 'zh';
    return first.toLowerCase().startsWith('en') ? 'en' : 'zh';
  }

  let lang = preferred();

  function t(key, ...args) {
    const text = TEXTS[lang][key] ?? TEXTS.zh[key] ?? key;
    return text.replace(/\{(\d+)\}/g, (m, i) => (args[i] === undefined ? m : String(args[i])));
  }

  function apply(root) {
    document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
    document.title = 'CourtRush · ' + t('brand');
    root.querySelectorAll('[data-i18n]').forEach(el => { el.textContent = t(el.dataset.i18n); });
  }

  return {
    t,
    apply,
    get lang() { return lang; },
    set(next) { lang = next; localStorage.setItem(STORE, next); },
    acceptLanguage() { return lang === 'zh' ? 'zh-CN,zh;q=0.9' : 'en'; },
    weekday(i) { return t('weekday').split(',')[i]; }
  };
})();
