/* CourtRush students' page — its texts, Chinese (default) and English. The engine's own messages
   arrive in the same language: every API call sends the matching Accept-Language. */
'use strict';

const TEXTS = {
  zh: {
    'brand': '羽毛球场预约',
    'loading': '加载中…',
    'lang.switch': 'EN',
    'tab.slots': '场地',
    'tab.mine': '我的预约',
    'tab.account': '账户',

    'signin.title': '登录',
    'signin.lead': '用学号和密码登录，抢每天开放的羽毛球场。',
    'signin.studentId': '学号',
    'signin.password': '密码',
    'signin.submit': '登录',
    'signin.help': '初始密码由体育馆导入学生名单时设置；忘记密码请到前台重置。',
    'signin.missing': '请输入学号和密码。',
    'signin.expired': '登录已过期，请重新登录。',
    'signin.signedOut': '已退出登录。',

    'day.today': '今天',
    'day.tomorrow': '明天',
    'day.pick': '选日期',
    'weekday': '周日,周一,周二,周三,周四,周五,周六',
    'slots.none': '这一天没有开放场次。',
    'opening.title': '{0} 的场地',
    'opening.flash': '{0} 开抢',
    'opening.limit': '每人最多 {0} 个',
    'opening.opensIn': '距开抢',
    'opening.open': '正在开抢',
    'opening.closed': '本场次未开放预约',
    'opening.justNow': '马上开始',
    'slot.placesLeft': '剩 {0}/{1}',
    'slot.price': '¥{0}',
    'state.soon': '未开始',
    'state.onsale': '预约',
    'state.soldout': '已约满',
    'state.mine': '我的',
    'state.closed': '未开放',
    'state.started': '已开始',
    'state.queued': '排队中…',
    'state.sending': '提交中…',
    'state.wait': '等 {0} 秒',

    'reserve.queued': '已排队，正在确认结果…',
    'reserve.won': '抢到了！请在 {0} 前支付，否则名额会释放。',
    'reserve.goPay': '去支付',
    'reserve.wonToast': '抢到了：{0} {1}–{2}',
    'reserve.failed': '没有抢到：名额未能记录，已经释放。请再试一次。',
    'reserve.stillPending': '结果还在确认中，请稍后在「我的预约」查看。',
    'reserve.opensIn': '还没开始，{0} 后开抢。',
    'reserve.dup': '这个时段你已经约到了（或正在确认）。',
    'reserve.quota': '本场次你已经约了 {0} 个，达到每人上限。',
    'reserve.soldOut': '这个时段已约满。',
    'reserve.alternatives': '这些时段还有名额，点一下就能约：',
    'reserve.tooMany': '操作太频繁，{0} 秒后再试。',
    'reserve.busy': '服务器繁忙，请稍后再点一次。',
    'reserve.network': '网络异常：请检查网络后再点一次（若其实已经提交，会提示你已约到）。',
    'signin.staffAccount': '这是工作人员账号：本页面供学生预约，工作人员请使用前台控制台或工作人员 API。',
    'reserve.passRequired': '本场次需要预约凭证：请先在上方输入图片中的字符。每个凭证只能用于一次预约。',
    'pass.title': '本场次需验证：输入图片中的字符，获得预约凭证（开抢前一分钟起）。',
    'pass.imageAlt': '验证码图片',
    'pass.placeholder': '输入字符',
    'pass.confirm': '确认',
    'pass.other': '换一张',
    'pass.ready': '✓ 已获得预约凭证：开抢后点“抢”即可。',
    'pass.attempts': '可尝试 {0} 次。',
    'alt.label': '{0} {1}–{2}（剩 {3}）',

    'mine.title': '我的预约',
    'mine.none': '你还没有预约。',
    'mine.status.PENDING_PAYMENT': '待支付',
    'mine.status.CONFIRMED': '已确认',
    'mine.status.CANCELLED': '已取消',
    'mine.status.PENDING': '确认中',
    'mine.payBy': '请在 {0} 前支付',
    'mine.reason.USER': '你取消了这个预约',
    'mine.reason.TIMEOUT': '未在时限内支付，已自动取消',
    'mine.reason.REFUND': '已退款',
    'mine.reason.STAFF': '工作人员取消',
    'mine.reason.COMPENSATION': '未能记录，名额已释放',
    'mine.reasonNote': '原因：{0}',
    'mine.refundUntil': '{0} 前可退款',
    'mine.refundClosed': '退款已于 {0} 截止',
    'mine.pay': '支付',
    'mine.cancel': '取消预约',
    'mine.refund': '申请退款',

    'pay.title': '微信支付（模拟）',
    'pay.simulated': '这是模拟支付，不会真的扣款。请到体育馆前台出示订单号，由工作人员确认收款；确认后本页会自动变为「已确认」。',
    'pay.simulatedShort': '支付为模拟的微信支付：不会扣款，由前台工作人员确认收款。',
    'pay.amount': '金额',
    'pay.order': '订单号',
    'pay.code': '模拟收款码',
    'pay.left': '剩余支付时间 {0}',
    'pay.expired': '支付时间已过，预约将被取消。',
    'pay.waiting': '等待工作人员确认收款…',
    'pay.done': '已收款，预约已确认 ✓',
    'pay.ended': '这个预约已结束，无法支付。',
    'common.close': '关闭',
    'common.back': '返回',

    'cancel.title': '取消这个预约？',
    'cancel.body': '{0} {1} {2}–{3}。取消后名额会还给其他同学。',
    'cancel.confirm': '确定取消',
    'refund.title': '申请退款',
    'refund.body': '{0} {1} {2}–{3}，退款 ¥{4}。',
    'refund.until': '退款截止：{0}',
    'refund.reason': '原因（可选）',
    'refund.confirm': '确定退款',

    'account.title': '账户',
    'account.who': '{0}（学号 {1}）',
    'account.changePassword': '修改密码',
    'account.current': '当前密码',
    'account.new': '新密码（至少 6 位）',
    'account.repeat': '再输一次新密码',
    'account.save': '保存新密码',
    'account.signOut': '退出登录',
    'account.mismatch': '两次输入的新密码不一样。',
    'account.length': '新密码至少 6 个字符，最多 72 字节（约 24 个汉字）。',
    'account.missing': '请填写全部三项。',

    'error.network': '网络异常，请检查网络后再试。',
    'error.busy': '服务暂时不可用，请稍后再试。',
    'error.generic': '出了点问题，请稍后再试。'
  },
  en: {
    'brand': 'Court booking',
    'loading': 'Loading…',
    'lang.switch': '中文',
    'tab.slots': 'Courts',
    'tab.mine': 'My bookings',
    'tab.account': 'Account',

    'signin.title': 'Sign in',
    'signin.lead': 'Sign in with your student id and password to book the badminton courts opened each day.',
    'signin.studentId': 'Student id',
    'signin.password': 'Password',
    'signin.submit': 'Sign in',
    'signin.help': 'Your first password is set when the gym imports the student list; forgot it? Ask at the desk.',
    'signin.missing': 'Enter your student id and password.',
    'signin.expired': 'Your sign-in has expired; please sign in again.',
    'signin.signedOut': 'You are signed out.',

    'day.today': 'Today',
    'day.tomorrow': 'Tomorrow',
    'day.pick': 'Pick a date',
    'weekday': 'Sun,Mon,Tue,Wed,Thu,Fri,Sat',
    'slots.none': 'No opening on this date.',
    'opening.title': 'Courts of {0}',
    'opening.flash': 'Opens {0}',
    'opening.limit': 'Up to {0} per student',
    'opening.opensIn': 'Opens in',
    'opening.open': 'Open now',
    'opening.closed': 'Not open for booking',
    'opening.justNow': 'Opening…',
    'slot.placesLeft': '{0}/{1} left',
    'slot.price': '¥{0}',
    'state.soon': 'Not yet',
    'state.onsale': 'Book',
    'state.soldout': 'Sold out',
    'state.mine': 'Yours',
    'state.closed': 'Closed',
    'state.started': 'Started',
    'state.queued': 'Queued…',
    'state.sending': 'Sending…',
    'state.wait': 'Wait {0}s',

    'reserve.queued': 'Queued; confirming your place…',
    'reserve.won': 'You got it! Pay before {0} or the place is released.',
    'reserve.goPay': 'Pay now',
    'reserve.wonToast': 'Booked: {0} {1}–{2}',
    'reserve.failed': 'Not booked: your place could not be recorded and was released. Please try again.',
    'reserve.stillPending': 'Still confirming; check My bookings in a moment.',
    'reserve.opensIn': 'Not open yet: opens in {0}.',
    'reserve.dup': 'You already have (or are being given) a place in this slot.',
    'reserve.quota': 'You hold {0} place(s) in this opening, the limit per student.',
    'reserve.soldOut': 'This slot is sold out.',
    'reserve.alternatives': 'These still have places — one tap books one:',
    'reserve.tooMany': 'Too many tries; try again in {0} s.',
    'reserve.busy': 'The server is busy; tap again in a moment.',
    'reserve.network': 'Network problem: check your connection and tap again (if it did go through, you will be told you already have it).',
    'signin.staffAccount': 'This is a staff account: this page books for students; staff use the front-desk console or the staff API.',
    'reserve.passRequired': 'This opening needs a booking pass: type the characters of the picture above first. A pass serves one booking.',
    'pass.title': 'This opening checks you are a person: type the characters of the picture to get a booking pass (from a minute before it opens).',
    'pass.imageAlt': 'Picture of characters to type',
    'pass.placeholder': 'Type them',
    'pass.confirm': 'Confirm',
    'pass.other': 'Another picture',
    'pass.ready': '✓ Booking pass ready: tap a slot when it opens.',
    'pass.attempts': '{0} attempts.',
    'alt.label': '{0} {1}–{2} ({3} left)',

    'mine.title': 'My bookings',
    'mine.none': 'You have no bookings yet.',
    'mine.status.PENDING_PAYMENT': 'To pay',
    'mine.status.CONFIRMED': 'Confirmed',
    'mine.status.CANCELLED': 'Cancelled',
    'mine.status.PENDING': 'Confirming',
    'mine.payBy': 'Pay before {0}',
    'mine.reason.USER': 'You cancelled it',
    'mine.reason.TIMEOUT': 'Not paid in time; cancelled automatically',
    'mine.reason.REFUND': 'Refunded',
    'mine.reason.STAFF': 'Cancelled by staff',
    'mine.reason.COMPENSATION': 'Could not be recorded; place released',
    'mine.reasonNote': 'Reason: {0}',
    'mine.refundUntil': 'Refundable until {0}',
    'mine.refundClosed': 'Refunds closed at {0}',
    'mine.pay': 'Pay',
    'mine.cancel': 'Cancel',
    'mine.refund': 'Refund',

    'pay.title': 'WeChat Pay (simulated)',
    'pay.simulated': 'This payment is simulated: no money moves. Show the order number at the gym desk; staff confirm the payment and this page turns Confirmed by itself.',
    'pay.simulatedShort': 'Payment is a simulated WeChat Pay: no money moves; staff at the desk confirm it.',
    'pay.amount': 'Amount',
    'pay.order': 'Order no.',
    'pay.code': 'Simulated payment code',
    'pay.left': 'Time left to pay {0}',
    'pay.expired': 'Time to pay is over; the booking will be cancelled.',
    'pay.waiting': 'Waiting for staff to confirm the payment…',
    'pay.done': 'Paid; your booking is confirmed ✓',
    'pay.ended': 'This booking has ended; it cannot be paid.',
    'common.close': 'Close',
    'common.back': 'Back',

    'cancel.title': 'Cancel this booking?',
    'cancel.body': '{0} {1} {2}–{3}. Its place goes back to other students.',
    'cancel.confirm': 'Cancel booking',
    'refund.title': 'Ask for a refund',
    'refund.body': '{0} {1} {2}–{3}, refund ¥{4}.',
    'refund.until': 'Refunds close {0}',
    'refund.reason': 'Reason (optional)',
    'refund.confirm': 'Refund',

    'account.title': 'Account',
    'account.who': '{0} (student id {1})',
    'account.changePassword': 'Change password',
    'account.current': 'Current password',
    'account.new': 'New password (at least 6 characters)',
    'account.repeat': 'New password again',
    'account.save': 'Save new password',
    'account.signOut': 'Sign out',
    'account.mismatch': 'The two new passwords differ.',
    'account.length': 'A new password has at least 6 characters and at most 72 bytes (24 Chinese characters).',
    'account.missing': 'Fill in all three.',

    'error.network': 'Network problem; check your connection and try again.',
    'error.busy': 'The service is unavailable for a moment; try again shortly.',
    'error.generic': 'Something went wrong; try again shortly.'
  }
};

const I18N = (() => {
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
