/** The performance mark set when a game's state has been put on the page (bench/browser.ts times a click to the paint after it). */
export const DRAWN = 'caravela:drawn';
