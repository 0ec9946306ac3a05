/** Set when a visitor arrives with a traffic source (?network= or ?ref=), for 30 days (middleware/traffic). */
export const TRAFFIC_COOKIE = 'ts';
