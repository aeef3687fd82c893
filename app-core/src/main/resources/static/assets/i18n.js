/* CourtRush students' page — which language it speaks, Chinese (default) or English, and a text in it. The sign-in
   form's texts are here, both languages, so that the first screen needs no other file; the texts of the screens after
   sign-in load when one is shown (load()), one table a language (i18n-zh.js, i18n-en.js, the same keys:
   PageTextsTest), the page's language only. The engine's own messages arrive in the same language: every API call
   sends the matching Accept-Language. */

/** The sign-in form's texts, the network banner's and the language button's, in Chinese. */
const ZH_FIRST = {
  'brand': '场馆预约',
  'loading': '加载中…',
  'lang.switch': 'EN',
  'signin.title': '登录',
  'signin.lead': '用学号和密码登录，抢每天开放的场地。',
  'signin.studentId': '学号',
  'signin.password': '密码',
  'signin.submit': '登录',
  'signin.help': '初始密码由体育馆导入学生名单时设置；忘记密码请到前台重置。',
  'signin.missing': '请输入学号和密码。',
  'signin.expired': '登录已过期，请重新登录。',
  'signin.signedOut': '已退出登录。',
  'campus.signIn': '使用{0}登录',
  'campus.defaultLabel': '统一身份认证',
  'campus.going': '正在前往{0}…',
  'campus.or': '或使用场馆账号',
  'campus.ldap': '{0}的账号和密码也可以在这里直接登录。',
  'campus.ldapHelp': '统一身份认证的密码由学校管理，忘记了请在学校找回；场馆账号的密码请到前台重置。',
  'campus.logout': '同时退出{0}',
  'campus.error.notAllowed': '你的账号不在本场馆的预约范围内（学校目录显示你不能在这里预约，例如不是在校学生）。如有疑问请到前台咨询。',
  'campus.error.left': '学校目录显示这个账号已不能在本场馆预约（例如已毕业）：不能再预约新的场地。已付款的预约仍然有效，到场时在前台出示预约即可。',
  'campus.error.disabled': '这个账号已被场馆停用，请到前台咨询。',
  'campus.error.down': '学校的统一身份认证暂时没有响应。场馆账号不受影响，可以用学号和密码登录。',
  'campus.error.expired': '这次登录已超时或已失效（可能用过一次，或在另一个浏览器中打开），请重新登录。',
  'campus.error.failed': '统一身份认证登录没有成功。请重试，或用场馆账号登录。',
  'wechat.signIn': '微信登录',
  'wechat.going': '正在通过微信登录…',
  'wechat.link': '登录后绑定此微信，以后在微信中打开即自动登录（可在“我的账号”中解绑）',
  'wechat.error.disabled': '这个账号已被场馆停用，请到前台咨询。',
  'wechat.error.down': '微信暂时没有响应。可以用学号和密码登录。',
  'wechat.error.expired': '这次微信登录已超时或已失效（可能用过一次，或在另一个浏览器中打开），请重新打开场馆链接。',
  'wechat.error.failed': '微信登录没有成功。请用学号和密码登录。',
  'net.lost': '连不上预约服务器，正在重试…下面的名额可能已经过时。',
  'net.maintenance': '预约系统维护中，预计 {0} 左右恢复，恢复后本页自动刷新。下面的名额可能已经过时。',
  'net.retry': '立即重试',
  'net.back': '已重新连上，名额已刷新。',
  'signin.sending': '登录中…',
  'signin.held': '刚刚开抢：开抢后的前几秒登录需要排队，大约还要 {0} 秒，会自动完成，请不要重复点击。',
  'signin.slow': '正在登录：网络或服务器较慢，请稍候，不用重复点击。',
  'signin.staffAccount': '这是工作人员账号：本页面供学生预约，工作人员请使用前台控制台或工作人员 API。',
  'email.code': '6 位验证码',
  'forgot.open': '忘记密码？用邮箱重置',
  'forgot.title': '用邮箱重置密码',
  'forgot.lead': '验证码会发到你在“账户”中验证过的邮箱。没有验证过邮箱请到前台重置。',
  'forgot.send': '发送验证码',
  'forgot.reset': '重置密码',
  'forgot.missing': '请填写学号、验证码和新密码。',
  'account.new': '新密码（至少 6 位）',
  'error.network': '连不上预约服务器，请稍后再试。',
  'error.busy': '服务暂时不可用，请稍后再试。',
  'error.generic': '出了点问题，请稍后再试。'
};

/** The same in English. */
const EN_FIRST = {
  'brand': 'Court booking',
  'loading': 'Loading…',
  'lang.switch': '中文',
  'signin.title': 'Sign in',
  'signin.lead': 'Sign in with your student id and password to book the courts opened each day.',
  'signin.studentId': 'Student id',
  'signin.password': 'Password',
  'signin.submit': 'Sign in',
  'signin.help': 'Your first password is set when the gym imports the student list; forgot it? Ask at the desk.',
  'signin.missing': 'Enter your student id and password.',
  'signin.expired': 'Your sign-in has expired; please sign in again.',
  'signin.signedOut': 'You are signed out.',
  'campus.signIn': 'Sign in with {0}',
  'campus.defaultLabel': 'campus account',
  'campus.going': 'Going to {0}…',
  'campus.or': 'or with a gym account',
  'campus.ldap': 'Your {0} id and password work in this form too.',
  'campus.ldapHelp': 'Your university password is the university\'s: reset it there. A gym account\'s password is reset at the desk.',
  'campus.logout': 'Also sign out of {0}',
  'campus.error.notAllowed': 'Your account cannot book here: the university\'s directory says this gym is not open to you (for example, you are not a student). Ask at the desk if this is wrong.',
  'campus.error.left': 'The university\'s directory no longer lets this account book here (for example, you have graduated): no new bookings. Bookings already paid for stand: show your booking at the desk.',
  'campus.error.disabled': 'The gym has disabled this account. Ask at the desk.',
  'campus.error.down': 'The university\'s sign-in is not answering right now. Gym accounts still work: sign in with your student id and password.',
  'campus.error.expired': 'That sign-in took too long or no longer counts (it was used already, or opened in another browser). Please try again.',
  'campus.error.failed': 'The campus sign-in did not work. Try again, or sign in with a gym account.',
  'wechat.signIn': 'Sign in with WeChat',
  'wechat.going': 'Signing in with WeChat…',
  'wechat.link': 'Link this WeChat when I sign in: opened in WeChat, the page then signs me in (unlink it in My account)',
  'wechat.error.disabled': 'The gym has disabled this account. Ask at the desk.',
  'wechat.error.down': 'WeChat is not answering right now. Sign in with your student id and password.',
  'wechat.error.expired': 'That WeChat sign-in took too long or no longer counts (it was used already, or opened in another browser). Open the gym\'s link again.',
  'wechat.error.failed': 'Signing in with WeChat did not work. Sign in with your student id and password.',
  'net.lost': "Can't reach the booking server; retrying… The places below may be out of date.",
  'net.maintenance': 'The booking system is down for maintenance, back at about {0}; this page refreshes itself when it is back. The places below may be out of date.',
  'net.retry': 'Retry now',
  'net.back': 'Connected again; places refreshed.',
  'signin.sending': 'Signing in…',
  'signin.held': 'An opening has just started: sign-ins wait out its first seconds. About {0} s left; it finishes by itself, no need to tap again.',
  'signin.slow': 'Signing in: the network or the server is slow. Please wait; no need to tap again.',
  'signin.staffAccount': 'This is a staff account: this page books for students; staff use the front-desk console or the staff API.',
  'email.code': '6-digit code',
  'forgot.open': 'Forgot your password? Reset it by email',
  'forgot.title': 'Reset your password by email',
  'forgot.lead': 'The code goes to the address you verified under Account. Without one, the desk resets it.',
  'forgot.send': 'Send a code',
  'forgot.reset': 'Reset the password',
  'forgot.missing': 'Type your student id, the code and a new password.',
  'account.new': 'New password (at least 6 characters)',
  'error.network': "Can't reach the booking server; try again in a moment.",
  'error.busy': 'The service is unavailable for a moment; try again shortly.',
  'error.generic': 'Something went wrong; try again shortly.'
};

const FIRST = { zh: ZH_FIRST, en: EN_FIRST };

export const I18N = (() => {
  const STORE = 'courtrush.lang';
  const rest = { zh: null, en: null };   // the screens' texts, once loaded
  const loading = { zh: null, en: null };

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

  function text(key) {
    return FIRST[lang][key] ?? (rest[lang] && rest[lang][key]) ?? FIRST.zh[key] ?? (rest.zh && rest.zh[key]);
  }

  function t(key, ...args) {
    return (text(key) ?? key).replace(/\{(\d+)\}/g, (m, i) => (args[i] === undefined ? m : String(args[i])));
  }

  /** The page's words on every element that names its text (data-i18n): those whose table has not come yet wait. */
  function apply(root) {
    document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
    document.title = 'CourtRush · ' + t('brand');
    root.querySelectorAll('[data-i18n]').forEach(el => {
      const shown = text(el.dataset.i18n);
      if (shown !== undefined) {
        el.textContent = shown;
      }
    });
  }

  /** The screens' texts in {@code language} (the page's by default), fetched once: a promise, rejected when not reached. */
  function load(language) {
    const which = language || lang;
    if (!loading[which]) {
      const table = which === 'en' ? import('./i18n-en.js').then(m => m.EN) : import('./i18n-zh.js').then(m => m.ZH);
      loading[which] = table.then(texts => { rest[which] = texts; }, e => { loading[which] = null; throw e; });
    }
    return loading[which];
  }

  return {
    t,
    apply,
    load,
    get lang() { return lang; },
    set(next) { lang = next; localStorage.setItem(STORE, next); },
    acceptLanguage() { return lang === 'zh' ? 'zh-CN,zh;q=0.9' : 'en'; },
    weekday(i) { return t('weekday').split(',')[i]; }
  };
})();
