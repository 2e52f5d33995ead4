/** How long the devices screen tells a player that the server signed one of their devices out. */
export const SIGN_OUT_NOTICE_DAYS = 30;
