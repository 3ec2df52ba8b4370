/** The product name that subscription plan names start with ("{product} - ..."): purchases and admin grants use this one constant. */
export const PRODUCT_NAME = 'Fetal Surgery Academy';
