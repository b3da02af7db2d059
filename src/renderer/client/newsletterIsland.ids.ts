/** Ids shared by the Layout (server) and the plain-HTML pages' client entry. */
export const NEWSLETTER_ISLAND_ID = 'isla-suscripcion'
export const NEWSLETTER_DATA_ID = 'datos-suscripcion'
