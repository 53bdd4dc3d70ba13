//! Payments to escrow and the shipment labels bought through them.

use super::api::TradeApi;
use super::models::payment::{PaymentToEscrow, ShipmentPurchase, TradePaymentFlowRequest};
use super::models::trade::TradeLink;
use super::validate;
use crate::client::{Body, CallOptions, Response};
use crate::error::Result;
use crate::routes::trade::TradeRoute;

impl TradeApi {
    /// A link where the user pays a payment to escrow. Keyed.
    pub async fn initiate_payment_flow(
        &self,
        marketplace_user_id: &str,
        payment_id: &str,
        req: &TradePaymentFlowRequest,
        opts: &CallOptions,
    ) -> Result<Response<TradeLink>> {
        validate::correlation(opts)?;
        validate::payment_flow(req)?;
        let params = [("marketplaceUserId", marketplace_user_id), ("paymentId", payment_id)];
        let req = self.request(TradeRoute::InitiatePaymentFlow, &params, Body::json(req)?)?.keyed();
        self.send(req, opts).await
    }

    /// The trade's payment to escrow.
    pub async fn get_payment(
        &self,
        marketplace_user_id: &str,
        trade_id: &str,
        opts: &CallOptions,
    ) -> Result<PaymentToEscrow> {
        self.get(TradeRoute::GetPayment, &[("marketplaceUserId", marketplace_user_id), ("tradeId", trade_id)], opts)
            .await
    }

    /// The payee buys the delivery shipment; the answer is the shipment's payment. Keyed.
    pub async fn buy_delivery_shipment(
        &self,
        marketplace_user_id: &str,
        trade_id: &str,
        req: &ShipmentPurchase,
        opts: &CallOptions,
    ) -> Result<Response<PaymentToEscrow>> {
        validate::shipment(req)?;
        self.trade_action(TradeRoute::BuyDeliveryShipment, marketplace_user_id, trade_id, Body::json(req)?, true, opts)
            .await
    }

    /// The payer buys the return shipment; the answer is the shipment's payment. Keyed.
    pub async fn buy_return_shipment(
        &self,
        marketplace_user_id: &str,
        trade_id: &str,
        req: &ShipmentPurchase,
        opts: &CallOptions,
    ) -> Result<Response<PaymentToEscrow>> {
        validate::shipment(req)?;
        self.trade_action(TradeRoute::BuyReturnShipment, marketplace_user_id, trade_id, Body::json(req)?, true, opts)
            .await
    }
}
