/** The words of the stand-in's approval step, in the language the page asked PayPal for. */
export interface StandInTexts {
  title: string;
  text: string;
  pay: string;
  cancel: string;
}

/**
 * The stand-in's JS SDK, served at {sdkBaseUrl}: window.paypal.Buttons with a "PayPal" button whose approval step
 * ("Pay now" or "Cancel", in `texts`) replaces PayPal's own window. It calls createOrder, onApprove, onCancel and
 * onError as PayPal does.
 */
export const sdkSource = (texts: StandInTexts) => String.raw`(function () {
  var texts = ${JSON.stringify(texts).replace(/</g, '\\u003c')};
  var script = document.currentScript;
  var base = (script && script.src ? script.src : '').split('?')[0].replace(/\/sdk\/js$/, '');
  var css = 'font:inherit;font-weight:700;border-radius:999px;padding:0.6rem 1.2rem;cursor:pointer;min-inline-size:8rem;';
  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    for (var k in attrs) node.setAttribute(k, attrs[k]);
    if (text) node.textContent = text;
    return node;
  }
  function Buttons(opts) {
    var container = null;
    var actions = { order: {} };
    function fail(err) {
      draw();
      if (opts.onError) opts.onError(err instanceof Error ? err : new Error(String(err)));
    }
    function draw() {
      if (!container) return;
      container.textContent = '';
      var button = el('button', { type: 'button', 'data-paypal-standin': 'button', style: css + 'background:#ffc439;color:#111;border:1px solid #c99a1e;inline-size:100%;' }, 'PayPal');
      button.onclick = function () {
        button.disabled = true;
        Promise.resolve()
          .then(function () { return opts.createOrder({ paymentSource: 'paypal' }, actions); })
          .then(approval, fail);
      };
      container.appendChild(button);
    }
    function approval(orderID) {
      container.textContent = '';
      var panel = el('div', { role: 'group', 'aria-label': 'PayPal', style: 'display:grid;gap:0.6rem;padding:0.9rem;border:2px solid #003087;border-radius:10px;background:#f5f8ff;color:#111;' });
      panel.appendChild(el('p', { style: 'margin:0;font-weight:700;color:#003087;' }, texts.title));
      panel.appendChild(el('p', { style: 'margin:0;' }, texts.text));
      var row = el('div', { style: 'display:flex;gap:0.5rem;flex-wrap:wrap;' });
      var pay = el('button', { type: 'button', style: css + 'background:#003087;color:#fff;border:1px solid #003087;' }, texts.pay);
      var cancel = el('button', { type: 'button', style: css + 'background:#fff;color:#003087;border:1px solid #003087;' }, texts.cancel);
      pay.onclick = function () {
        pay.disabled = true;
        cancel.disabled = true;
        fetch(base + '/approve/' + encodeURIComponent(orderID), { method: 'POST' })
          .then(function (res) {
            if (!res.ok) throw new Error('The stand-in could not approve order ' + orderID);
            return opts.onApprove({ orderID: orderID, payerID: 'STANDINBUYER', paymentSource: 'paypal' }, actions);
          })
          .then(draw, fail);
      };
      cancel.onclick = function () {
        draw();
        if (opts.onCancel) opts.onCancel({ orderID: orderID });
      };
      row.appendChild(pay);
      row.appendChild(cancel);
      panel.appendChild(row);
      container.appendChild(panel);
      pay.focus();
    }
    return {
      isEligible: function () { return true; },
      render: function (target) {
        container = typeof target === 'string' ? document.querySelector(target) : target;
        if (!container) return Promise.reject(new Error('PayPal stand-in: no container to render into'));
        draw();
        return Promise.resolve();
      },
      close: function () {
        if (container) container.textContent = '';
        container = null;
        return Promise.resolve();
      },
    };
  }
  window.paypal = { Buttons: Buttons, FUNDING: { PAYPAL: 'paypal' }, version: 'standin' };
})();
`;
