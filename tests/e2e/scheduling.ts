// Where the end-to-end servers find the stand-in scheduling service (scheduling-stand-in.mjs).
export const SCHEDULING_PORT = Number(process.env.E2E_SCHEDULING_PORT)
export const SCHEDULING_SCRIPT_URL = `http://localhost:${SCHEDULING_PORT}/sample-token/booking-button.js`
