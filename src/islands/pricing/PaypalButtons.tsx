import { useEffect, useRef } from 'react';
import { approvalCancelled, approveOrder, createOrder, loadPaypal, paypalFailed, paypalReady, paypalUnavailable } from '../../stores/payments/checkout.ts';

/** Renders PayPal's buttons (or the stand-in's) for one plan; every step goes to the checkout store. */
export default function PaypalButtons({ planId }: { planId: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let alive = true;
    let close: (() => Promise<void>) | null = null;
    loadPaypal()
      .then(async (paypal) => {
        if (!alive || !ref.current) return;
        const buttons = paypal.Buttons!({
          style: { label: 'pay', layout: 'vertical' },
          createOrder: () => createOrder(planId),
          onApprove: (data) => approveOrder(data.orderID),
          onCancel: (data) => approvalCancelled(typeof data.orderID === 'string' ? data.orderID : undefined),
          onError: (err) => paypalFailed(err),
        });
        close = () => buttons.close();
        await buttons.render(ref.current);
        if (alive) paypalReady();
      })
      .catch((err: unknown) => {
        if (alive) paypalUnavailable(err);
      });
    return () => {
      alive = false;
      void close?.().catch(() => undefined);
    };
  }, [planId]);
  return <div ref={ref} className="paypal-buttons" />;
}
