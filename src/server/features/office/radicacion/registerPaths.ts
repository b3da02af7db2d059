/** Where the office registers a filing received by another channel: the pages, and the API their forms post to. */
export const REGISTER_PAGE = '/oficina/radicar'
export const REGISTER_API = '/api/oficina/radicaciones'
