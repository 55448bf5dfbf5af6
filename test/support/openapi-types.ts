// Written by `npm run openapi` from docs/openapi.json (openapi-typescript). Do not edit.
export interface paths {
  '/api/openapi.json': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** This document (OpenAPI 3.1) */
    get: operations['getApiOpenapiJson'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/docs': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The reference page for this document */
    get: operations['getApiDocs'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/token': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Redeem the app's authorization code for tokens
     * @description PKCE: send what the redirect brought (`code`, `iss`, `state`) and what the app kept (`redirect_uri`, `code_verifier`, `nonce`). README "For app developers".
     */
    post: operations['postApiAuthToken'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/refresh': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** New tokens for a refresh token (it rotates) */
    post: operations['postApiAuthRefresh'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/logout': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** End the consultant's session everywhere */
    post: operations['postApiAuthLogout'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/login': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Mail a guest a sign-in code
     * @description Answers the `challenge` the verification names (the app sends it back; a browser keeps it in a cookie).
     */
    post: operations['postApiAuthLogin'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/verify': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Sign a guest in with her mailed code */
    post: operations['postApiAuthVerify'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/claim': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Mail a code to give the guest's account an address */
    post: operations['postApiAuthClaim'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/claim/{code}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Confirm the address with its code */
    put: operations['putApiAuthClaimByCode'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/guests/register': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Register a guest (names only)
     * @description From the app (no Origin header) the answer carries `secretKey`: send Basic id:secretKey from then on.
     */
    post: operations['postApiGuestsRegister'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/guests/me': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The guest's own account */
    get: operations['getApiGuestsMe'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/guests/me/parties': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The guest's parties */
    get: operations['getApiGuestsMeParties'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/guests/profile': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Change the guest's names */
    put: operations['putApiGuestsProfile'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/guests/profile/picture': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Set the guest's picture
     * @description The picture's bytes are the body, with its Content-Type (the specification's `newProfilePicType` and second PUT in one; ADR 056).
     */
    put: operations['putApiGuestsProfilePicture'];
    post?: never;
    /** Remove the guest's picture */
    delete: operations['deleteApiGuestsProfilePicture'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/guests/me/deletion': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Delete the guest's account with its code */
    put: operations['putApiGuestsMeDeletion'];
    /** Mail the guest a code to delete her account */
    post: operations['postApiGuestsMeDeletion'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/guests/logout': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Sign the guest out on every device */
    post: operations['postApiGuestsLogout'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/guests/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A guest's card (for those who share a party with her) */
    get: operations['getApiGuestsById'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/guests/{id}/picture': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A guest's picture */
    get: operations['getApiGuestsByIdPicture'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/parties': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The consultant's parties */
    get: operations['getApiParties'];
    put?: never;
    /** Create a party */
    post: operations['postApiParties'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/parties/folders': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The dashboard's folders */
    get: operations['getApiPartiesFolders'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/parties/folder': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Move a party or folder into a folder */
    put: operations['putApiPartiesFolder'];
    /** Create a dashboard folder */
    post: operations['postApiPartiesFolder'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/parties/folder/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Rename a dashboard folder */
    put: operations['putApiPartiesFolderById'];
    post?: never;
    /** Delete a dashboard folder (its parties go to its parent) */
    delete: operations['deleteApiPartiesFolderById'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/parties/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Edit a party */
    put: operations['putApiPartiesById'];
    post?: never;
    /** Delete a party */
    delete: operations['deleteApiPartiesById'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/parties/{shortId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Party info by the link's short id
     * @description What the party link opens: title, times, the manager's profile, whether a password is asked, and the asker's membership when she has one.
     */
    get: operations['getApiPartiesByShortId'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/parties/{id}/guests': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The party's guests */
    get: operations['getApiPartiesByIdGuests'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/parties/{id}/join': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Join the party as a guest
     * @description From the app (no Origin header) the answer carries `secretKey` for a new guest: send Basic guestId:secretKey from then on. `socketTicket` opens the socket within a minute without a database read (ADR 047).
     */
    put: operations['putApiPartiesByIdJoin'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/parties/{id}/follow-up': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The follow-up list (the manager's) */
    get: operations['getApiPartiesByIdFollowUp'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/parties/{id}/live': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The show on air: its playback (WHEP and HLS) */
    get: operations['getApiPartiesByIdLive'];
    put?: never;
    /**
     * Go live: the live input to publish to (WHIP)
     * @description The manager, or the host when the manager allows it. Answers the live input; the show starts when the stream arrives.
     */
    post: operations['postApiPartiesByIdLive'];
    /** Stop the show (its replay follows as a message) */
    delete: operations['deleteApiPartiesByIdLive'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/parties/{id}/live/hosts': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Let the host go live, or not (the manager) */
    put: operations['putApiPartiesByIdLiveHosts'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/parties/{id}/recap': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A guest's own recap of the party (also once it is over) */
    get: operations['getApiPartiesByIdRecap'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/parties/{id}/host': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Make a guest the party's host */
    put: operations['putApiPartiesByIdHost'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/parties/{id}/reports': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The party's open reports (the manager and the host; never one of themselves) */
    get: operations['getApiPartiesByIdReports'];
    put?: never;
    /**
     * Report a message, or its sender, to the party's manager (a report of the manager goes to the operator)
     * @description The reporter is never named to anyone in the party. A repeat report of the same target is the same report.
     */
    post: operations['postApiPartiesByIdReports'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/parties/{id}/reports/{reportId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Resolve a report: delete the message, remove the guest, or dismiss it */
    post: operations['postApiPartiesByIdReportsByReportId'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/parties/{id}/removeGuest/{guestId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Remove a guest from the party */
    delete: operations['deleteApiPartiesByIdRemoveGuestByGuestId'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/parties/{id}/restriction': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Switch guests' writing on or off (manager and host) */
    put: operations['putApiPartiesByIdRestriction'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/parties/{id}/subscribe': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Subscribe this device to Web Push for the party */
    put: operations['putApiPartiesByIdSubscribe'];
    post?: never;
    /** Unsubscribe a device */
    delete: operations['deleteApiPartiesByIdSubscribe'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/parties/{id}/mute': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Whether the party is muted for the asker */
    get: operations['getApiPartiesByIdMute'];
    /** Mute or unmute the party on all the asker's devices */
    put: operations['putApiPartiesByIdMute'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/parties/{id}/changeName': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Change the asker's name in the party */
    put: operations['putApiPartiesByIdChangeName'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/parties/{id}/leave': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Leave the party */
    delete: operations['deleteApiPartiesByIdLeave'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/parties/{id}/socket': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The party's WebSocket
     * @description A GET with `Upgrade: websocket`; the frames are app/core/protocol.ts. `?ticket=` from the join opens it without a database read (ADR 047).
     */
    get: operations['getApiPartiesByIdSocket'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/parties/{id}/chat': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A page of the chat's history
     * @description `from`: the page before that seq; `around` or `after`: a window at a seq (a jump back, paging down from it).
     */
    get: operations['getApiPartiesByIdChat'];
    put?: never;
    /**
     * Send a message
     * @description A media message names its file by `mediaAttachment`: an item of the manager's library, or an upload made through POST /api/parties/{id}/media (whose `uploadUrl` takes the bytes first). 201 for a new message; 200 with the stored one when its `tempId` was sent before.
     */
    post: operations['postApiPartiesByIdChat'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/parties/{id}/search': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Search the party's messages */
    get: operations['getApiPartiesByIdSearch'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/parties/{id}/media': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Announce a file to send in the party (or offer a library item)
     * @description With `contentType` (and `size`), answers 201 with `uploadUrl`, where the bytes go (PUT). With `mediaId` (the manager's library), offers that item. Then POST /chat with `mediaAttachment`.
     */
    post: operations['postApiPartiesByIdMedia'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/parties/{id}/media/{mediaId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A file sent in the party: its stream for a video */
    get: operations['getApiPartiesByIdMediaByMediaId'];
    /** The bytes of an announced upload */
    put: operations['putApiPartiesByIdMediaByMediaId'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/parties/{id}/chatTimestamp': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** When the manager last entered the chat (the manager's) */
    get: operations['getApiPartiesByIdChatTimestamp'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/parties/{id}/updateSeen': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Mark messages seen
     * @description The HTTP form of the socket's `updateSeen` frame, judged by the room by the same rules: seen only moves forward and never past the newest message. `seq` (as the socket says it) or the specification's `timestamp` (every message sent at or before it, epoch ms); `guestId`, when sent, must be the asker's own member id. Answers the member's seen seq after the call.
     */
    put: operations['putApiPartiesByIdUpdateSeen'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/parties/{id}/editMessage': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Edit a message's text or caption */
    put: operations['putApiPartiesByIdEditMessage'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/parties/{id}/deleteMessage': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Delete a message (`fullDelete`: erase it for everyone, the manager's) */
    put: operations['putApiPartiesByIdDeleteMessage'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/parties/{id}/deleteMessages': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Delete several messages */
    put: operations['putApiPartiesByIdDeleteMessages'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/parties/{id}/forward': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Forward messages to another party of the same manager */
    post: operations['postApiPartiesByIdForward'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/parties/{id}/template': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The template applied to the party (the manager's) */
    get: operations['getApiPartiesByIdTemplate'];
    /**
     * Play, skip or stop the applied template's next message (the manager's)
     * @description Salon's body is one action (`AppliedActionSchema`), not the specification's `{messages}`: the room plays the template, the client never sends its messages back (ADR 056).
     */
    put: operations['putApiPartiesByIdTemplate'];
    /** Apply a template to the party (the manager's) */
    post: operations['postApiPartiesByIdTemplate'];
    /** Remove the applied template (the manager's) */
    delete: operations['deleteApiPartiesByIdTemplate'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/parties/{id}/sendFullTemplate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Send a whole template into the party at once (the manager's) */
    post: operations['postApiPartiesByIdSendFullTemplate'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/profile': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The consultant's profiles */
    get: operations['getApiProfile'];
    put?: never;
    /** Create a profile */
    post: operations['postApiProfile'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/profile/user': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The consultant's workspace: her account, selected profile and settings */
    get: operations['getApiProfileUser'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/profile/select': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Select the profile parties show */
    put: operations['putApiProfileSelect'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/profile/companyMode': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Switch company mode */
    put: operations['putApiProfileCompanyMode'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/profile/banner': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Dismiss or show the dashboard banner */
    put: operations['putApiProfileBanner'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/profile/search': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Find sales partners by name (public) */
    get: operations['getApiProfileSearch'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/profile/public/{shortId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A profile as anyone with its short id sees it */
    get: operations['getApiProfilePublicByShortId'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/profile/public/{shortId}/picture': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A profile's public picture */
    get: operations['getApiProfilePublicByShortIdPicture'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/profile/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One of the consultant's profiles */
    get: operations['getApiProfileById'];
    /** Save a profile */
    put: operations['putApiProfileById'];
    post?: never;
    /** Delete a profile */
    delete: operations['deleteApiProfileById'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/profile/{id}/picture': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Set a profile's picture
     * @description The picture's bytes are the body, with its Content-Type (the specification's `newProfilePicType` and upload in one; ADR 056).
     */
    put: operations['putApiProfileByIdPicture'];
    post?: never;
    /** Remove a profile's picture */
    delete: operations['deleteApiProfileByIdPicture'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/media': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A folder of the media library */
    get: operations['getApiMedia'];
    put?: never;
    /**
     * Make a library item and its upload
     * @description Answers 201 with `uploadUrl`, where the bytes go by tus 1.0 (HEAD, PATCH; README "For app developers"). The only way to make an item.
     */
    post: operations['postApiMedia'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/media/search': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Find library items by title */
    get: operations['getApiMediaSearch'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/media/duplicate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Copy a chat file or library item into the library */
    post: operations['postApiMediaDuplicate'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/media/folders': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Every library folder outside the trash */
    get: operations['getApiMediaFolders'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/media/trash': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The library's trash */
    get: operations['getApiMediaTrash'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/media/folder': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Move an item or folder into a folder */
    put: operations['putApiMediaFolder'];
    /** Create a library folder */
    post: operations['postApiMediaFolder'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/media/convert/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A conversion's state */
    get: operations['getApiMediaConvertById'];
    /** Start a video's conversion (Stream) */
    put: operations['putApiMediaConvertById'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/media/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Rename an item or folder */
    put: operations['putApiMediaById'];
    post?: never;
    /** Put an item or folder in the trash */
    delete: operations['deleteApiMediaById'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/media/{id}/description': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Describe an item (its caption) */
    put: operations['putApiMediaByIdDescription'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/media/{id}/restore': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Take an item or folder out of the trash */
    put: operations['putApiMediaByIdRestore'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/media/{id}/preview': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Set an item's preview picture */
    put: operations['putApiMediaByIdPreview'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/media/{id}/upload': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** tus HEAD: the upload's offset (send HEAD; GET answers the same) */
    get: operations['getApiMediaByIdUpload'];
    put?: never;
    /** tus creation (Upload-Length), or a PATCH sent as POST with X-HTTP-Method-Override */
    post: operations['postApiMediaByIdUpload'];
    delete?: never;
    /** tus: what the upload address speaks */
    options: operations['optionsApiMediaByIdUpload'];
    head?: never;
    /** tus PATCH: the next bytes at Upload-Offset */
    patch: operations['patchApiMediaByIdUpload'];
    trace?: never;
  };
  '/api/templates/share/{token}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A share link's preview (title and sharer) */
    get: operations['getApiTemplatesShareByToken'];
    put?: never;
    /** Add a shared template to my library */
    post: operations['postApiTemplatesShareByToken'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/templates': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A folder of the template library: folders, own templates and those shared with me */
    get: operations['getApiTemplates'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/templates/search': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Find templates by title */
    get: operations['getApiTemplatesSearch'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/templates/trash': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The template trash: folders, own templates and my trashed copies */
    get: operations['getApiTemplatesTrash'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/templates/shares': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The templates others shared with me
     * @description The specification's name for `GET /api/templates (the entries with sharedBy)` (ADR 056).
     */
    get: operations['getApiTemplatesShares'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/templates/shareTrash': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * My trashed copies of shared templates
     * @description The specification's name for `GET /api/templates/trash (the entries with sharedBy)` (ADR 056).
     */
    get: operations['getApiTemplatesShareTrash'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/templates/folderShare': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Move my copy of a shared template, named by its share token, into a folder
     * @description The specification's name for `PUT /api/templates/folder {templateId, path}` (ADR 056).
     */
    put: operations['putApiTemplatesFolderShare'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/templates/trashShare/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Put my copy of a shared template in the trash
     * @description The specification's name for `DELETE /api/templates/{id} (on a copy)` (ADR 056).
     */
    put: operations['putApiTemplatesTrashShareById'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/templates/restoreShare/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Take my copy of a shared template out of the trash
     * @description The specification's name for `PUT /api/templates/{id}/restore (on a copy)` (ADR 056).
     */
    put: operations['putApiTemplatesRestoreShareById'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/templates/folders': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Every folder of the template library outside the trash */
    get: operations['getApiTemplatesFolders'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/templates/create': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Create a template */
    post: operations['postApiTemplatesCreate'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/templates/folder': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Move a template, copy or folder into a folder */
    put: operations['putApiTemplatesFolder'];
    /** Create a template folder */
    post: operations['postApiTemplatesFolder'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/templates/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A template with its messages */
    get: operations['getApiTemplatesById'];
    /** Rename a template or folder */
    put: operations['putApiTemplatesById'];
    post?: never;
    /** Put a template, folder or my copy in the trash */
    delete: operations['deleteApiTemplatesById'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/templates/{id}/apply': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A template as a party plays it: its messages
     * @description Applying it to a party is POST /api/parties/{id}/template {templateId}.
     *
     *     The specification's name for `GET /api/templates/{id}` (ADR 056).
     */
    get: operations['getApiTemplatesByIdApply'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/templates/{id}/permanently': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Delete a trashed template or folder for good */
    delete: operations['deleteApiTemplatesByIdPermanently'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/templates/{id}/restore': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Take a template, folder or my copy out of the trash */
    put: operations['putApiTemplatesByIdRestore'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/templates/{id}/sendMessage': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Add a message to a template
     * @description A photo, video, voice note or PDF is sent in two steps: POST /api/media {title, contentType, mediaExtension, size} makes the library item and answers its tus `uploadUrl`; send the bytes there, then this call with `messageType` and `mediaId` (the specification returned the upload address from this call; ADR 056). `beforeMessageId` places it before that message (null or absent: at the end).
     */
    post: operations['postApiTemplatesByIdSendMessage'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/templates/{id}/editMessage/{messageId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Edit a template message's text or caption */
    put: operations['putApiTemplatesByIdEditMessageByMessageId'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/templates/{id}/deleteMessage/{messageId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Delete a template message */
    delete: operations['deleteApiTemplatesByIdDeleteMessageByMessageId'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/templates/{id}/deleteMessages': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Delete several template messages */
    put: operations['putApiTemplatesByIdDeleteMessages'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/templates/{id}/moveMessage/{messageId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Move a template message before another (null: to the end) */
    put: operations['putApiTemplatesByIdMoveMessageByMessageId'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/templates/{id}/moveMessages': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Move several template messages */
    put: operations['putApiTemplatesByIdMoveMessages'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/templates/{id}/copyMessages': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Copy messages of another template into this one */
    post: operations['postApiTemplatesByIdCopyMessages'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/templates/{id}/sendFullTemplate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Copy a whole template into this one */
    post: operations['postApiTemplatesByIdSendFullTemplate'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/templates/{id}/forward': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Forward template messages into parties */
    post: operations['postApiTemplatesByIdForward'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/templates/{id}/share': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** The template's share link (made once) */
    put: operations['putApiTemplatesByIdShare'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/templates/{id}/revokeShare': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Stop sharing: the link stops working and every copy goes */
    put: operations['putApiTemplatesByIdRevokeShare'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/moderation/delete-account': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Ask for a consultant account's deletion (a confirmation mail)
     * @description The answer never tells whether the address has an account: 204, or 429 with Retry-After when the same address asked in the last ten minutes.
     */
    post: operations['postApiModerationDeleteAccount'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/content/categories': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** FAQ categories (the content server's query shape) */
    get: operations['getApiContentCategories'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/content/entries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** FAQ entries */
    get: operations['getApiContentEntries'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/content/content-search': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Search the FAQ */
    get: operations['getApiContentContentSearch'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/push': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The VAPID public key pages subscribe with */
    get: operations['getApiPush'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/import/signin': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Sign in at the older system */
    post: operations['postApiImportSignin'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/import/start': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Start an import run: what there is to copy */
    post: operations['postApiImportStart'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/import/file': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Copy one folder */
    post: operations['postApiImportFile'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/import/media': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Copy one media item */
    post: operations['postApiImportMedia'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/import/message': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Copy one message */
    post: operations['postApiImportMessage'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/import/party': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Copy one party */
    post: operations['postApiImportParty'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/export': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** How her newest export stands (a consultant, or a guest with an account) */
    get: operations['getApiExport'];
    put?: never;
    /**
     * Export everything of hers: starts an export, or joins the one running
     * @description The archive (a ZIP) is made by a job; its single-use link is mailed to the account's address when it is ready.
     */
    post: operations['postApiExport'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/export/link': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Mail a new link to her ready archive */
    post: operations['postApiExportLink'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    Tokens: {
      accessToken: string;
      refreshToken: string;
      /** @description Unix seconds */
      expiresAt: number;
      userId: string;
    };
    GuestAccount: {
      id: string;
      firstName: string;
      lastName: string;
      email: string | null;
      picture: string | null;
    };
    PartySummary: {
      id: string;
      shortId: string;
      title: string;
      host: string | null;
      manager: {
        id: string;
        firstName: string;
        lastName: string;
      } | null;
      start: number | null;
      expiration: number | null;
      passwordProtected: boolean;
      restrictedMessaging: boolean;
      expired: boolean;
      latestMessage: {
        sender: string;
        senderName: string;
        /** @description Epoch milliseconds */
        timestamp: number;
      } | null;
      unread: boolean;
      enteredAt: number | null;
      /** @description The dashboard folder: folder ids from the top joined by '/', empty at the top */
      path: string;
      /** @description Epoch milliseconds */
      createdAt: number;
      /** @description Members who asked to host a party, and about the team (ADR 059) */
      leads: {
        booking: number;
        team: number;
      };
    };
    LibraryFolder: {
      id: string;
      title: string;
      parentId: string | null;
    };
    PartyFolderEntry: {
      id: string;
      title: string;
      path: string;
      /** @constant */
      isFolder: true;
    };
    /** @description What anyone holding the link may learn, and the asker’s membership */
    PartyInfo: {
      id: string;
      shortId: string;
      title: string;
      host: string | null;
      manager: {
        firstName: string;
        lastName: string;
        profileShortId: string | null;
      } | null;
      start: number | null;
      expiration: number | null;
      passwordProtected: boolean;
      restrictedMessaging: boolean;
      expired: boolean;
      me: components['schemas']['Member'] | null;
    };
    Member: {
      id: string;
      firstName: string;
      lastName: string;
      /** @enum {string} */
      role: 'manager' | 'host' | 'guest';
    };
    JoinAnswer: {
      guestId: string;
      firstName: string;
      lastName: string;
      /** @enum {string} */
      role: 'manager' | 'host' | 'guest';
      /** @description A new guest's secret, for the app only (a request without Origin): Basic guestId:secretKey */
      secretKey?: string;
      /** @description Opens the party's socket within a minute without a database read (ADR 047) */
      socketTicket?: string;
    };
    FollowUp: {
      cards: {
        id: string;
        /** @enum {string} */
        kind: 'product' | 'poll' | 'booking' | 'team';
        title: string;
        options: string[];
        correct: number[] | null;
      }[];
      guests: {
        id: string;
        name: string;
        /** @enum {string} */
        role: 'host' | 'guest';
        gone: boolean;
        wanted: string[];
        votes: {
          [key: string]: number[];
        };
        leads: ('booking' | 'team')[];
        won: string[];
        lastActivity: number | null;
      }[];
      draws: {
        drawId: string;
        /** @enum {string} */
        pool: 'joined' | 'poll' | 'product';
        cardId: string | null;
        entrants: number;
        winnerId: string;
        winnerName: string;
        /** @description Epoch milliseconds */
        at: number;
      }[];
    };
    LiveStart: {
      whipUrl: string;
      live: components['schemas']['LiveState'];
    };
    LiveState: {
      show: {
        by: {
          id: string;
          firstName: string;
          lastName: string;
          /** @enum {string} */
          role: 'manager' | 'host' | 'guest';
        };
        /** @description Epoch milliseconds */
        startedAt: number;
        watching: number;
      } | null;
      hostsMayGoLive: boolean;
    };
    LivePlayback: {
      whepUrl: string;
      hlsUrl: string;
      live: components['schemas']['LiveState'];
    };
    Recap: {
      title: string;
      consultant: {
        shortId: string;
        firstName: string;
        lastName: string;
        phoneNo: string | null;
        email: string | null;
        website: string | null;
        biography: string | null;
        profilePic: string | null;
        shopLink: string | null;
      } | null;
      products: {
        messageId: string;
        card: {
          title: string;
          price: {
            /** @description Minor units: 1990 is 19.90 */
            amount: number;
            /** @enum {string} */
            currency: 'EUR' | 'CHF' | 'GBP' | 'USD';
          } | null;
          link: string | null;
        };
        photo: string | null;
        /** @description Epoch milliseconds */
        wantedAt: number;
      }[];
      leads: ('booking' | 'team')[];
      headings: {
        id: string;
        seq: number;
        /** @enum {string} */
        level: 'heading' | 'heading2' | 'heading3';
        text: string;
        deleted: boolean;
      }[];
    };
    PartyReport: {
      id: string;
      memberId: string;
      memberName: string;
      memberGone: boolean;
      messageId: string | null;
      excerpt: string | null;
      messageGone: boolean;
      /** @enum {string} */
      reason: 'spam' | 'harassment' | 'inappropriate' | 'other';
      note: string | null;
      /** @description Epoch milliseconds */
      at: number;
    };
    HistoryPage: {
      messages: components['schemas']['ChatMessage'][];
      hasMore: boolean;
      seq: number;
    };
    /** @description A chat message; a media message also carries its file’s fields (MessageMedia) */
    ChatMessage: {
      id: string;
      seq: number;
      tempId: string | null;
      sender: string;
      /** @enum {string} */
      senderType: 'manager' | 'guest';
      senderName: string;
      messageType: components['schemas']['MessageType'];
      message: string;
      replyingTo: string | null;
      /** @description Epoch milliseconds */
      timestamp: number;
      editedAt: number | null;
      deleted: boolean;
      forwarded: boolean;
      /** @constant */
      fromTemplate?: true;
      mediaAttachment?: string;
      /** @enum {string} */
      mediaAttachmentType?: 'image' | 'video' | 'audio' | 'application';
      mediaExtension?: string | null;
      mediaAttachmentOwner?: string;
      contentType?: string;
      mediaTitle?: string;
    };
    /** @enum {string} */
    MessageType:
      'text' | 'photo' | 'voice' | 'video' | 'audio' | 'document' | 'profile' | 'heading' | 'heading2' | 'heading3' | 'product' | 'poll' | 'booking' | 'team';
    HistoryWindow: {
      messages: components['schemas']['ChatMessage'][];
      hasMore: boolean;
      seq: number;
      hasNewer: boolean;
    };
    ChatSearchHit: {
      id: string;
      seq: number;
      senderName: string;
      /** @description Epoch milliseconds */
      timestamp: number;
      snippet: {
        text: string;
        mark: boolean;
      }[];
    };
    MessageMedia: {
      mediaAttachment: string;
      /** @enum {string} */
      mediaAttachmentType: 'image' | 'video' | 'audio' | 'application';
      mediaExtension: string | null;
      mediaAttachmentOwner: string;
      contentType: string;
      mediaTitle?: string;
    };
    AppliedTemplate: {
      id: string;
      templateId: string;
      title: string;
      open: boolean;
      position: number;
      hiddenMessages: string[];
      sentMessages: string[];
      messages: {
        id: string;
        messageType: components['schemas']['MessageType'];
        message: string;
        media: components['schemas']['MessageMedia'] | null;
        mediaTitle: string | null;
        problem: components['schemas']['ErrorCode'] | null;
        edited: boolean;
        sendId: string;
      }[];
      autoplay: {
        delayMs: number;
        paused: boolean;
        nextAt: number | null;
        startAt?: number | null;
        error: components['schemas']['ErrorCode'] | null;
      } | null;
      /** @constant */
      revoked?: true;
    };
    /** @enum {string} */
    ErrorCode:
      | 'badRequest'
      | 'invalidInput'
      | 'invalidName'
      | 'reportSelf'
      | 'messageEmpty'
      | 'messageTooLong'
      | 'invalidText'
      | 'invalidBirthday'
      | 'invalidDate'
      | 'expiryInPast'
      | 'expiryBeforeStart'
      | 'startAfterExpiry'
      | 'startInPast'
      | 'startTooFar'
      | 'invalidPhone'
      | 'invalidEmail'
      | 'codeInvalid'
      | 'invalidUrl'
      | 'biographyTooLong'
      | 'invalidTitle'
      | 'invalidPushSubscription'
      | 'pushEndpointRefused'
      | 'notAnImage'
      | 'mediaTypeNotAccepted'
      | 'notAVideo'
      | 'mediaTypeMismatch'
      | 'notAPreview'
      | 'previewNotSupported'
      | 'previewFailed'
      | 'uploadContentType'
      | 'fileTooLarge'
      | 'imageTooLarge'
      | 'previewTooLarge'
      | 'invalidFrame'
      | 'unknownEvent'
      | 'frameTooLarge'
      | 'protocolVersion'
      | 'tempIdConflict'
      | 'profileSelected'
      | 'emailTaken'
      | 'noAddress'
      | 'exportNotReady'
      | 'exportLinkSpent'
      | 'lastProfile'
      | 'tooManyProfiles'
      | 'moveIntoSelf'
      | 'partyExpires'
      | 'folderTooDeep'
      | 'mediaTrashed'
      | 'templateTrashed'
      | 'templateFull'
      | 'ownTemplate'
      | 'templateAlreadyApplied'
      | 'templateEmpty'
      | 'templateNotTrashed'
      | 'mediaNotUploaded'
      | 'mediaNotReady'
      | 'notConverting'
      | 'videoNotReady'
      | 'uploadConflict'
      | 'uploadBusy'
      | 'uploadFailed'
      | 'uploadLength'
      | 'tusVersion'
      | 'unauthorized'
      | 'sessionExpired'
      | 'forbidden'
      | 'badOrigin'
      | 'notMember'
      | 'removed'
      | 'restricted'
      | 'templateReadOnly'
      | 'templateRevoked'
      | 'wrongPassword'
      | 'partyExpired'
      | 'notFound'
      | 'partyNotFound'
      | 'messageNotFound'
      | 'reportNotFound'
      | 'profileNotFound'
      | 'mediaNotFound'
      | 'folderNotFound'
      | 'templateNotFound'
      | 'templateNotApplied'
      | 'shareLinkInvalid'
      | 'tooManyAttempts'
      | 'rateLimited'
      | 'deletionRequestedRecently'
      | 'tooManyCodes'
      | 'signInFailed'
      | 'conversionUnavailable'
      | 'pushUnavailable'
      | 'templatesDown'
      | 'dataUnavailable'
      | 'importCredentials'
      | 'importPasswordChange'
      | 'importNotFound'
      | 'importFailed'
      | 'invalidCard'
      | 'invalidPrice'
      | 'invalidShopLink'
      | 'pollOptions'
      | 'invalidAnswer'
      | 'pollClosed'
      | 'raffleEmpty'
      | 'liveAlready'
      | 'notLive'
      | 'liveUnavailable'
      | 'generic';
    Profile: {
      id: string;
      shortId: string;
      firstName: string;
      lastName: string;
      birthday: string | null;
      phoneNo: string | null;
      email: string | null;
      website: string | null;
      shopLink: string | null;
      biography: string | null;
      profilePic: string | null;
      /** @description Epoch milliseconds */
      createdAt: number;
      updatedAt: number | null;
    };
    ProfileWorkspace: {
      profile: components['schemas']['Profile'] | null;
      companyMode: boolean;
      needsChoice: boolean;
    };
    ProfileCard: {
      shortId: string;
      firstName: string;
      lastName: string;
      phoneNo: string | null;
      email: string | null;
      website: string | null;
      biography: string | null;
      profilePic: string | null;
    };
    MediaListing: {
      path: string;
      entries: components['schemas']['MediaEntry'][];
    };
    MediaEntry: {
      id: string;
      title: string;
      description: string | null;
      /** @enum {string} */
      mediaType: 'image' | 'video' | 'audio' | 'application' | 'folder';
      contentType: string | null;
      mediaExtension: string | null;
      size: number | null;
      state: ('waiting' | 'converting' | 'ready' | 'failed') | null;
      path: string;
      /** @description Epoch milliseconds */
      createdAt: number;
      /** @description Epoch milliseconds */
      updatedAt: number;
      trashedAt: number | null;
      deletesAt: number | null;
      hasPreview: boolean;
    };
    Conversion: {
      id: string;
      /** @enum {string} */
      conversionStatus: 'PROGRESSING' | 'READY' | 'ERROR';
      progress: number;
      hls: string | null;
      poster: string | null;
      duration: number | null;
      isPortrait: boolean | null;
      noAudio: boolean | null;
    };
    TemplateListing: {
      path: string;
      entries: components['schemas']['TemplateEntry'][];
    };
    TemplateEntry: {
      id: string;
      title: string;
      isFolder: boolean;
      path: string;
      /** @description Epoch milliseconds */
      created: number;
      /** @description Epoch milliseconds */
      lastEdited: number;
      lastApplied: number | null;
      trashedAt: number | null;
      deletesAt: number | null;
      sharedBy: string | null;
      sharedWith: number;
      shareToken: string | null;
      usesRank: boolean;
    };
    TemplateDetail: {
      id: string;
      title: string;
      isFolder: boolean;
      path: string;
      /** @description Epoch milliseconds */
      created: number;
      /** @description Epoch milliseconds */
      lastEdited: number;
      lastApplied: number | null;
      trashedAt: number | null;
      deletesAt: number | null;
      sharedBy: string | null;
      sharedWith: number;
      shareToken: string | null;
      usesRank: boolean;
      /** @enum {string} */
      role: 'owner' | 'recipient';
      messages: components['schemas']['TemplateMessage'][];
    };
    TemplateMessage: {
      id: string;
      templateId: string;
      rank: string;
      messageType: components['schemas']['MessageType'];
      message: string;
      mediaId: string | null;
      /** @enum {string} */
      mediaState?: 'waiting' | 'converting' | 'ready' | 'failed';
      hasPreview?: boolean;
      mediaTrashed?: boolean;
      /** @description Epoch milliseconds */
      created: number;
      /** @description Epoch milliseconds */
      lastEdited: number;
      mediaAttachment?: string;
      /** @enum {string} */
      mediaAttachmentType?: 'image' | 'video' | 'audio' | 'application';
      mediaExtension?: string | null;
      mediaAttachmentOwner?: string;
      contentType?: string;
      mediaTitle?: string;
    };
    ExportAnswer: {
      export: {
        id: string;
        /** @enum {string} */
        state: 'running' | 'ready' | 'failed';
        /** @enum {string} */
        phase: 'collect' | 'pack' | 'done';
        filesTotal: number;
        filesDone: number;
        bytes: number;
        /** @description Epoch milliseconds */
        createdAt: number;
        finishedAt: number | null;
        keptUntil: number | null;
        link: {
          /** @description Epoch milliseconds */
          expiresAt: number;
          used: boolean;
        } | null;
      } | null;
      email: string | null;
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  getApiOpenapiJson: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The OpenAPI document */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            openapi: '3.1.0';
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  getApiDocs: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  postApiAuthToken: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          code: string;
          iss?: string;
          state?: string;
          /** Format: uri */
          redirect_uri: string;
          code_verifier?: string;
          nonce?: string;
        };
      };
    };
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Tokens'];
        };
      };
      /** @description Refused: invalidInput */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: signInFailed */
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'signInFailed';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  postApiAuthRefresh: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          refreshToken: string;
        };
      };
    };
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Tokens'];
        };
      };
      /** @description Refused: invalidInput */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput';
            };
          };
        };
      };
      /** @description Refused: sessionExpired */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  postApiAuthLogout: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done, no content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  postApiAuthLogin: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          email: string;
          languageCode?: string;
        };
      };
    };
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            challenge: string;
          };
        };
      };
      /** @description Refused: invalidEmail, invalidInput */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidEmail' | 'invalidInput';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: tooManyCodes */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'tooManyCodes';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  postApiAuthVerify: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          email: string;
          verificationCode: string;
          challenge?: string;
        };
      };
    };
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            secretKey?: string;
            guest: components['schemas']['GuestAccount'];
          };
        };
      };
      /** @description Refused: codeInvalid, invalidEmail, invalidInput */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'codeInvalid' | 'invalidEmail' | 'invalidInput';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: tooManyAttempts */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'tooManyAttempts';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  postApiAuthClaim: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          email: string;
          languageCode?: string;
        };
      };
    };
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            challenge: string;
          };
        };
      };
      /** @description Refused: invalidEmail, invalidInput */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidEmail' | 'invalidInput';
            };
          };
        };
      };
      /** @description Refused: unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: emailTaken */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'emailTaken';
            };
          };
        };
      };
      /** @description Refused: tooManyCodes */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'tooManyCodes';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  putApiAuthClaimByCode: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        code: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          challenge?: string;
        };
      };
    };
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GuestAccount'];
        };
      };
      /** @description Refused: codeInvalid, invalidInput */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'codeInvalid' | 'invalidInput';
            };
          };
        };
      };
      /** @description Refused: unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: emailTaken */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'emailTaken';
            };
          };
        };
      };
      /** @description Refused: tooManyAttempts */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'tooManyAttempts';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  postApiGuestsRegister: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          firstName: string;
          lastName: string;
        };
      };
    };
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            secretKey?: string;
            guest: components['schemas']['GuestAccount'];
          };
        };
      };
      /** @description Refused: invalidInput, invalidName */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput' | 'invalidName';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  getApiGuestsMe: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GuestAccount'];
        };
      };
      /** @description Refused: unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  getApiGuestsMeParties: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            shortId: string;
            title: string;
            host: string | null;
            managerName: string;
            firstName: string;
            lastName: string;
            startAt: number | null;
            expiresAt: number | null;
            expired: boolean;
            latestAt: number | null;
            unread: boolean;
          }[];
        };
      };
      /** @description Refused: unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  putApiGuestsProfile: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          firstName: string;
          lastName: string;
        };
      };
    };
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GuestAccount'];
        };
      };
      /** @description Refused: invalidInput, invalidName */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput' | 'invalidName';
            };
          };
        };
      };
      /** @description Refused: unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  putApiGuestsProfilePicture: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description A JPEG, PNG or WebP */
    requestBody: {
      content: {
        'image/*': string;
      };
    };
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GuestAccount'];
        };
      };
      /** @description Refused: invalidInput */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput';
            };
          };
        };
      };
      /** @description Refused: unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: imageTooLarge */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'imageTooLarge';
            };
          };
        };
      };
      /** @description Refused: notAnImage */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'notAnImage';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  deleteApiGuestsProfilePicture: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GuestAccount'];
        };
      };
      /** @description Refused: unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  putApiGuestsMeDeletion: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          code?: string;
          challenge?: string;
        };
      };
    };
    responses: {
      /** @description Done, no content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Refused: codeInvalid, invalidInput */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'codeInvalid' | 'invalidInput';
            };
          };
        };
      };
      /** @description Refused: unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: tooManyAttempts */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'tooManyAttempts';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  postApiGuestsMeDeletion: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          languageCode?: string;
        };
      };
    };
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            challenge: string;
          };
        };
      };
      /** @description Refused: invalidInput */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput';
            };
          };
        };
      };
      /** @description Refused: unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: noAddress */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'noAddress';
            };
          };
        };
      };
      /** @description Refused: tooManyCodes */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'tooManyCodes';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  postApiGuestsLogout: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done, no content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Refused: unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  getApiGuestsById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            firstName: string;
            lastName: string;
            picture: string | null;
          };
        };
      };
      /** @description Refused: unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin, forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin' | 'forbidden';
            };
          };
        };
      };
      /** @description Refused: notFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'notFound';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  getApiGuestsByIdPicture: {
    parameters: {
      query?: {
        v?: string;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'image/*': string;
        };
      };
      /** @description Refused: invalidInput */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput';
            };
          };
        };
      };
      /** @description Refused: unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin, forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin' | 'forbidden';
            };
          };
        };
      };
      /** @description Refused: notFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'notFound';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  getApiParties: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Her parties, newest first, with their counts and unread markers */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PartySummary'][];
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  postApiParties: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          title: string;
          start?: number | null;
          expiration?: number | null;
          host?: string | null;
          manager?: string | null;
          password?: string | null;
          restrictedMessaging?: boolean;
        };
      };
    };
    responses: {
      /** @description The party made */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PartySummary'];
        };
      };
      /** @description Refused: expiryBeforeStart, expiryInPast, invalidDate, invalidInput, invalidName, invalidText, invalidTitle, startAfterExpiry, startInPast, startTooFar */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code:
                | 'expiryBeforeStart'
                | 'expiryInPast'
                | 'invalidDate'
                | 'invalidInput'
                | 'invalidName'
                | 'invalidText'
                | 'invalidTitle'
                | 'startAfterExpiry'
                | 'startInPast'
                | 'startTooFar';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: profileNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'profileNotFound';
            };
          };
        };
      };
      /** @description Refused: partyExpires */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyExpires';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  getApiPartiesFolders: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['LibraryFolder'][];
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  putApiPartiesFolder: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** Format: uuid */
          partyId: string;
          path: string;
        };
      };
    };
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            path: string;
          };
        };
      };
      /** @description Refused: invalidInput */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: folderNotFound, partyNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'folderNotFound' | 'partyNotFound';
            };
          };
        };
      };
      /** @description Refused: folderTooDeep, moveIntoSelf, partyExpires */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'folderTooDeep' | 'moveIntoSelf' | 'partyExpires';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  postApiPartiesFolder: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          title: string;
          /** @default  */
          path?: string;
        };
      };
    };
    responses: {
      /** @description Done */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PartyFolderEntry'];
        };
      };
      /** @description Refused: invalidInput, invalidText, invalidTitle */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput' | 'invalidText' | 'invalidTitle';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: folderNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'folderNotFound';
            };
          };
        };
      };
      /** @description Refused: folderTooDeep */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'folderTooDeep';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  putApiPartiesFolderById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name: string;
        };
      };
    };
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PartyFolderEntry'];
        };
      };
      /** @description Refused: invalidInput, invalidText, invalidTitle */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput' | 'invalidText' | 'invalidTitle';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: folderNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'folderNotFound';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  deleteApiPartiesFolderById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done, no content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: folderNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'folderNotFound';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  putApiPartiesById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          title: string;
          start?: number | null;
          expiration?: number | null;
          host?: string | null;
          manager?: string | null;
          password?: string | null;
          restrictedMessaging?: boolean;
        };
      };
    };
    responses: {
      /** @description The party as stored */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PartySummary'];
        };
      };
      /** @description Refused: expiryBeforeStart, expiryInPast, invalidDate, invalidInput, invalidName, invalidText, invalidTitle, startAfterExpiry, startInPast, startTooFar */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code:
                | 'expiryBeforeStart'
                | 'expiryInPast'
                | 'invalidDate'
                | 'invalidInput'
                | 'invalidName'
                | 'invalidText'
                | 'invalidTitle'
                | 'startAfterExpiry'
                | 'startInPast'
                | 'startTooFar';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin, forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin' | 'forbidden';
            };
          };
        };
      };
      /** @description Refused: partyNotFound, profileNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyNotFound' | 'profileNotFound';
            };
          };
        };
      };
      /** @description Refused: partyExpires */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyExpires';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  deleteApiPartiesById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done, no content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin, forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin' | 'forbidden';
            };
          };
        };
      };
      /** @description Refused: partyNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyNotFound';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  getApiPartiesByShortId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        shortId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PartyInfo'];
        };
      };
      /** @description Refused: badOrigin, removed */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin' | 'removed';
            };
          };
        };
      };
      /** @description Refused: partyNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyNotFound';
            };
          };
        };
      };
      /** @description Refused: partyExpired */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyExpired';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  getApiPartiesByIdGuests: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Member'][];
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin, notMember */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin' | 'notMember';
            };
          };
        };
      };
      /** @description Refused: partyNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyNotFound';
            };
          };
        };
      };
      /** @description Refused: partyExpired */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyExpired';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  putApiPartiesByIdJoin: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          firstName: string;
          lastName: string;
          password?: string;
        };
      };
    };
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['JoinAnswer'];
        };
      };
      /** @description Refused: invalidInput, invalidName */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput' | 'invalidName';
            };
          };
        };
      };
      /** @description Refused: sessionExpired */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired';
            };
          };
        };
      };
      /** @description Refused: badOrigin, removed, wrongPassword */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin' | 'removed' | 'wrongPassword';
            };
          };
        };
      };
      /** @description Refused: partyNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyNotFound';
            };
          };
        };
      };
      /** @description Refused: partyExpired */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyExpired';
            };
          };
        };
      };
      /** @description Refused: tooManyAttempts */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'tooManyAttempts';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  getApiPartiesByIdFollowUp: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['FollowUp'];
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin, forbidden, notMember */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin' | 'forbidden' | 'notMember';
            };
          };
        };
      };
      /** @description Refused: partyNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyNotFound';
            };
          };
        };
      };
      /** @description Refused: partyExpired */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyExpired';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  getApiPartiesByIdLive: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The playback and the live state */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['LivePlayback'];
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin, notMember */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin' | 'notMember';
            };
          };
        };
      };
      /** @description Refused: partyNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyNotFound';
            };
          };
        };
      };
      /** @description Refused: notLive */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'notLive';
            };
          };
        };
      };
      /** @description Refused: partyExpired */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyExpired';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: liveUnavailable */
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'liveUnavailable';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  postApiPartiesByIdLive: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': Record<string, never>;
      };
    };
    responses: {
      /** @description The live input to publish to */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['LiveStart'];
        };
      };
      /** @description Refused: invalidInput */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin, forbidden, notMember */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin' | 'forbidden' | 'notMember';
            };
          };
        };
      };
      /** @description Refused: partyNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyNotFound';
            };
          };
        };
      };
      /** @description Refused: liveAlready */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'liveAlready';
            };
          };
        };
      };
      /** @description Refused: partyExpired */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyExpired';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: liveUnavailable */
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'liveUnavailable';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  deleteApiPartiesByIdLive: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          caption?: string;
        };
      };
    };
    responses: {
      /** @description The live state */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['LiveState'];
        };
      };
      /** @description Refused: invalidInput, invalidText, messageTooLong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput' | 'invalidText' | 'messageTooLong';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin, forbidden, notMember */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin' | 'forbidden' | 'notMember';
            };
          };
        };
      };
      /** @description Refused: partyNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyNotFound';
            };
          };
        };
      };
      /** @description Refused: notLive */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'notLive';
            };
          };
        };
      };
      /** @description Refused: partyExpired */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyExpired';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: liveUnavailable */
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'liveUnavailable';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  putApiPartiesByIdLiveHosts: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          allowed: boolean;
        };
      };
    };
    responses: {
      /** @description The live state */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['LiveState'];
        };
      };
      /** @description Refused: invalidInput */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin, forbidden, notMember */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin' | 'forbidden' | 'notMember';
            };
          };
        };
      };
      /** @description Refused: partyNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyNotFound';
            };
          };
        };
      };
      /** @description Refused: partyExpired */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyExpired';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  getApiPartiesByIdRecap: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Recap'];
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin, forbidden, notMember */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin' | 'forbidden' | 'notMember';
            };
          };
        };
      };
      /** @description Refused: partyNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyNotFound';
            };
          };
        };
      };
      /** @description Refused: partyExpired */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyExpired';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  putApiPartiesByIdHost: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** Format: uuid */
          guestId: string;
        };
      };
    };
    responses: {
      /** @description Done, no content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Refused: invalidInput */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin, forbidden, notMember */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin' | 'forbidden' | 'notMember';
            };
          };
        };
      };
      /** @description Refused: partyNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyNotFound';
            };
          };
        };
      };
      /** @description Refused: partyExpired */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyExpired';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  getApiPartiesByIdReports: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The open reports, without their reporters */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PartyReport'][];
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin, forbidden, notMember */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin' | 'forbidden' | 'notMember';
            };
          };
        };
      };
      /** @description Refused: partyNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyNotFound';
            };
          };
        };
      };
      /** @description Refused: partyExpired */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyExpired';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  postApiPartiesByIdReports: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** Format: uuid */
          messageId?: string;
          memberId?: string;
          /** @enum {string} */
          reason: 'spam' | 'harassment' | 'inappropriate' | 'other';
          note?: string;
        };
      };
    };
    responses: {
      /** @description The report filed */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
          };
        };
      };
      /** @description Refused: invalidInput, reportSelf */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput' | 'reportSelf';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin, notMember */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin' | 'notMember';
            };
          };
        };
      };
      /** @description Refused: messageNotFound, partyNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'messageNotFound' | 'partyNotFound';
            };
          };
        };
      };
      /** @description Refused: partyExpired */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyExpired';
            };
          };
        };
      };
      /** @description Refused: rateLimited */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'rateLimited';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  postApiPartiesByIdReportsByReportId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        reportId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          action: 'dismiss' | 'delete' | 'remove';
        };
      };
    };
    responses: {
      /** @description Done, no content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Refused: invalidInput */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin, forbidden, notMember */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin' | 'forbidden' | 'notMember';
            };
          };
        };
      };
      /** @description Refused: partyNotFound, reportNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyNotFound' | 'reportNotFound';
            };
          };
        };
      };
      /** @description Refused: partyExpired */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyExpired';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  deleteApiPartiesByIdRemoveGuestByGuestId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        guestId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done, no content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin, forbidden, notMember */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin' | 'forbidden' | 'notMember';
            };
          };
        };
      };
      /** @description Refused: partyNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyNotFound';
            };
          };
        };
      };
      /** @description Refused: partyExpired */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyExpired';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  putApiPartiesByIdRestriction: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          restrictedMessaging: boolean;
        };
      };
    };
    responses: {
      /** @description Done, no content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Refused: invalidInput */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin, forbidden, notMember */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin' | 'forbidden' | 'notMember';
            };
          };
        };
      };
      /** @description Refused: partyNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyNotFound';
            };
          };
        };
      };
      /** @description Refused: partyExpired */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyExpired';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  putApiPartiesByIdSubscribe: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          id?: string;
          pushToken: {
            /** Format: uri */
            endpoint: string;
            expirationTime?: number | null;
            keys: {
              p256dh: string;
              auth: string;
            };
          };
          /** @enum {string} */
          language?: 'de' | 'en' | 'nl' | 'fr' | 'it';
        };
      };
    };
    responses: {
      /** @description Done, no content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Refused: invalidInput, invalidPushSubscription, pushEndpointRefused */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput' | 'invalidPushSubscription' | 'pushEndpointRefused';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin, notMember */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin' | 'notMember';
            };
          };
        };
      };
      /** @description Refused: partyNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyNotFound';
            };
          };
        };
      };
      /** @description Refused: partyExpired */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyExpired';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  deleteApiPartiesByIdSubscribe: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          endpoint: string;
        };
      };
    };
    responses: {
      /** @description Done, no content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Refused: invalidInput */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin, notMember */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin' | 'notMember';
            };
          };
        };
      };
      /** @description Refused: notFound, partyNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'notFound' | 'partyNotFound';
            };
          };
        };
      };
      /** @description Refused: partyExpired */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyExpired';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  getApiPartiesByIdMute: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            muted: boolean;
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin, notMember */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin' | 'notMember';
            };
          };
        };
      };
      /** @description Refused: partyNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyNotFound';
            };
          };
        };
      };
      /** @description Refused: partyExpired */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyExpired';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  putApiPartiesByIdMute: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          muted: boolean;
        };
      };
    };
    responses: {
      /** @description Done, no content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Refused: invalidInput */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin, notMember */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin' | 'notMember';
            };
          };
        };
      };
      /** @description Refused: partyNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyNotFound';
            };
          };
        };
      };
      /** @description Refused: partyExpired */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyExpired';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  putApiPartiesByIdChangeName: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          firstName: string;
          lastName: string;
        };
      };
    };
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Member'];
        };
      };
      /** @description Refused: invalidInput, invalidName */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput' | 'invalidName';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin, forbidden, notMember */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin' | 'forbidden' | 'notMember';
            };
          };
        };
      };
      /** @description Refused: partyNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyNotFound';
            };
          };
        };
      };
      /** @description Refused: partyExpired */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyExpired';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  deleteApiPartiesByIdLeave: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done, no content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin, forbidden, notMember */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin' | 'forbidden' | 'notMember';
            };
          };
        };
      };
      /** @description Refused: partyNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyNotFound';
            };
          };
        };
      };
      /** @description Refused: partyExpired */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyExpired';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  getApiPartiesByIdSocket: {
    parameters: {
      query?: {
        ticket?: string;
      };
      header: {
        Upgrade: 'websocket';
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Switching to the party's WebSocket */
      101: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Refused: badRequest, invalidInput */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badRequest' | 'invalidInput';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin, notMember */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin' | 'notMember';
            };
          };
        };
      };
      /** @description Refused: partyNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyNotFound';
            };
          };
        };
      };
      /** @description Refused: partyExpired */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyExpired';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  getApiPartiesByIdChat: {
    parameters: {
      query?: {
        from?: number;
        around?: number;
        after?: number;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['HistoryPage'] | components['schemas']['HistoryWindow'];
        };
      };
      /** @description Refused: invalidInput */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin, notMember */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin' | 'notMember';
            };
          };
        };
      };
      /** @description Refused: partyNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyNotFound';
            };
          };
        };
      };
      /** @description Refused: partyExpired */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyExpired';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  postApiPartiesByIdChat: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          tempId?: string | null;
          /**
           * @default text
           * @enum {string}
           */
          messageType?:
            | 'text'
            | 'photo'
            | 'voice'
            | 'video'
            | 'audio'
            | 'document'
            | 'profile'
            | 'heading'
            | 'heading2'
            | 'heading3'
            | 'product'
            | 'poll'
            | 'booking'
            | 'team';
          replyingTo?: string | null;
          message?: string;
          /** Format: uuid */
          mediaAttachment?: string;
          /** @enum {string} */
          mediaAttachmentType?: 'image' | 'video' | 'audio' | 'application';
          mediaExtension?: string | null;
          /** Format: uuid */
          mediaAttachmentOwner?: string;
        };
      };
    };
    responses: {
      /** @description The message as stored */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ChatMessage'];
        };
      };
      /** @description The message as stored */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ChatMessage'];
        };
      };
      /** @description Refused: invalidAnswer, invalidCard, invalidInput, invalidPrice, invalidShopLink, invalidText, messageEmpty, messageTooLong, pollOptions */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code:
                | 'invalidAnswer'
                | 'invalidCard'
                | 'invalidInput'
                | 'invalidPrice'
                | 'invalidShopLink'
                | 'invalidText'
                | 'messageEmpty'
                | 'messageTooLong'
                | 'pollOptions';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin, forbidden, notMember, restricted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin' | 'forbidden' | 'notMember' | 'restricted';
            };
          };
        };
      };
      /** @description Refused: mediaNotFound, messageNotFound, partyNotFound, profileNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'mediaNotFound' | 'messageNotFound' | 'partyNotFound' | 'profileNotFound';
            };
          };
        };
      };
      /** @description Refused: mediaNotReady, mediaTrashed, tempIdConflict */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'mediaNotReady' | 'mediaTrashed' | 'tempIdConflict';
            };
          };
        };
      };
      /** @description Refused: partyExpired */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyExpired';
            };
          };
        };
      };
      /** @description Refused: mediaTypeMismatch */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'mediaTypeMismatch';
            };
          };
        };
      };
      /** @description Refused: rateLimited */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'rateLimited';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  getApiPartiesByIdSearch: {
    parameters: {
      query: {
        q: string;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ChatSearchHit'][];
        };
      };
      /** @description Refused: invalidInput */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin, notMember */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin' | 'notMember';
            };
          };
        };
      };
      /** @description Refused: partyNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyNotFound';
            };
          };
        };
      };
      /** @description Refused: partyExpired */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyExpired';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  postApiPartiesByIdMedia: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** Format: uuid */
          mediaId?: string;
          /** @enum {string} */
          messageType?: 'photo' | 'video' | 'voice' | 'audio' | 'document';
          contentType?: string;
          mediaExtension?: string | null;
          size?: number;
        };
      };
    };
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            mediaAttachment: string;
            /** @enum {string} */
            mediaAttachmentType: 'image' | 'video' | 'audio' | 'application';
            mediaExtension: string | null;
            mediaAttachmentOwner: string;
            contentType: string;
            mediaTitle?: string;
            messageType: components['schemas']['MessageType'];
          };
        };
      };
      /** @description Done */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            mediaAttachment: string;
            /** @enum {string} */
            mediaAttachmentType: 'image' | 'video' | 'audio' | 'application';
            mediaExtension: string | null;
            mediaAttachmentOwner: string;
            contentType: string;
            mediaTitle?: string;
            /** @enum {string} */
            messageType: 'photo' | 'video' | 'voice' | 'audio' | 'document' | 'product';
            uploadUrl: string;
          };
        };
      };
      /** @description Refused: invalidInput */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin, forbidden, notMember, restricted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin' | 'forbidden' | 'notMember' | 'restricted';
            };
          };
        };
      };
      /** @description Refused: mediaNotFound, partyNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'mediaNotFound' | 'partyNotFound';
            };
          };
        };
      };
      /** @description Refused: mediaNotReady */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'mediaNotReady';
            };
          };
        };
      };
      /** @description Refused: partyExpired */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyExpired';
            };
          };
        };
      };
      /** @description Refused: fileTooLarge */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'fileTooLarge';
            };
          };
        };
      };
      /** @description Refused: mediaTypeMismatch, mediaTypeNotAccepted */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'mediaTypeMismatch' | 'mediaTypeNotAccepted';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  getApiPartiesByIdMediaByMediaId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        mediaId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            mediaAttachment: string;
            /** @enum {string} */
            mediaAttachmentType: 'image' | 'video' | 'audio' | 'application';
            mediaExtension: string | null;
            mediaAttachmentOwner: string;
            contentType: string;
            mediaTitle?: string;
            hlsUrl: string | null;
            posterUrl: string | null;
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin, notMember */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin' | 'notMember';
            };
          };
        };
      };
      /** @description Refused: mediaNotFound, partyNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'mediaNotFound' | 'partyNotFound';
            };
          };
        };
      };
      /** @description Refused: partyExpired */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyExpired';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  putApiPartiesByIdMediaByMediaId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        mediaId: string;
      };
      cookie?: never;
    };
    /** @description The file's bytes, with the Content-Type announced */
    requestBody: {
      content: {
        'application/octet-stream': string;
      };
    };
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MessageMedia'];
        };
      };
      /** @description Refused: invalidInput */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin, notMember */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin' | 'notMember';
            };
          };
        };
      };
      /** @description Refused: mediaNotFound, partyNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'mediaNotFound' | 'partyNotFound';
            };
          };
        };
      };
      /** @description Refused: uploadConflict */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'uploadConflict';
            };
          };
        };
      };
      /** @description Refused: partyExpired */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyExpired';
            };
          };
        };
      };
      /** @description Refused: fileTooLarge */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'fileTooLarge';
            };
          };
        };
      };
      /** @description Refused: mediaTypeMismatch, notAnImage */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'mediaTypeMismatch' | 'notAnImage';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  getApiPartiesByIdChatTimestamp: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            timestamp: number | null;
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin, forbidden, notMember */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin' | 'forbidden' | 'notMember';
            };
          };
        };
      };
      /** @description Refused: partyNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyNotFound';
            };
          };
        };
      };
      /** @description Refused: partyExpired */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyExpired';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  putApiPartiesByIdUpdateSeen: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          seq?: number;
          timestamp?: number;
          guestId?: string;
        };
      };
    };
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            seq: number;
          };
        };
      };
      /** @description Refused: invalidInput */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin, forbidden, notMember */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin' | 'forbidden' | 'notMember';
            };
          };
        };
      };
      /** @description Refused: partyNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyNotFound';
            };
          };
        };
      };
      /** @description Refused: partyExpired */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyExpired';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  putApiPartiesByIdEditMessage: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** Format: uuid */
          messageId: string;
          message: string;
        };
      };
    };
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ChatMessage'];
        };
      };
      /** @description Refused: invalidInput, invalidText, messageEmpty, messageTooLong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput' | 'invalidText' | 'messageEmpty' | 'messageTooLong';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin, forbidden, notMember, restricted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin' | 'forbidden' | 'notMember' | 'restricted';
            };
          };
        };
      };
      /** @description Refused: messageNotFound, partyNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'messageNotFound' | 'partyNotFound';
            };
          };
        };
      };
      /** @description Refused: partyExpired */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyExpired';
            };
          };
        };
      };
      /** @description Refused: rateLimited */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'rateLimited';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  putApiPartiesByIdDeleteMessage: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** Format: uuid */
          messageId: string;
          fullDelete?: boolean;
        };
      };
    };
    responses: {
      /** @description The message as it now is (deleted); null when `fullDelete` erased it */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ChatMessage'] | null;
        };
      };
      /** @description Refused: invalidInput */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin, forbidden, notMember */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin' | 'forbidden' | 'notMember';
            };
          };
        };
      };
      /** @description Refused: messageNotFound, partyNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'messageNotFound' | 'partyNotFound';
            };
          };
        };
      };
      /** @description Refused: partyExpired */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyExpired';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  putApiPartiesByIdDeleteMessages: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          messageIds: string[];
        };
      };
    };
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ChatMessage'][];
        };
      };
      /** @description Refused: invalidInput */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin, forbidden, notMember */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin' | 'forbidden' | 'notMember';
            };
          };
        };
      };
      /** @description Refused: messageNotFound, partyNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'messageNotFound' | 'partyNotFound';
            };
          };
        };
      };
      /** @description Refused: partyExpired */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyExpired';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  postApiPartiesByIdForward: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          messageIds: string[];
          /** Format: uuid */
          targetPartyId: string;
        };
      };
    };
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            forwarded: number;
          };
        };
      };
      /** @description Refused: invalidInput */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin, forbidden, notMember */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin' | 'forbidden' | 'notMember';
            };
          };
        };
      };
      /** @description Refused: messageNotFound, partyNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'messageNotFound' | 'partyNotFound';
            };
          };
        };
      };
      /** @description Refused: partyExpired */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyExpired';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  getApiPartiesByIdTemplate: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            applied: components['schemas']['AppliedTemplate'] | null;
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin, forbidden, notMember */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin' | 'forbidden' | 'notMember';
            };
          };
        };
      };
      /** @description Refused: partyNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyNotFound';
            };
          };
        };
      };
      /** @description Refused: partyExpired */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyExpired';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  putApiPartiesByIdTemplate: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json':
          | {
              /** @constant */
              action: 'move';
              position: number;
            }
          | {
              /** @constant */
              action: 'hide';
              /** Format: uuid */
              messageId: string;
            }
          | {
              /** @constant */
              action: 'edit';
              /** Format: uuid */
              messageId: string;
              message: string;
            }
          | {
              /** @constant */
              action: 'open';
              open: boolean;
            }
          | {
              /** @constant */
              action: 'send';
              /** Format: uuid */
              messageId: string;
            }
          | {
              /** @constant */
              action: 'autoplay';
              delayMs: number;
              startAt?: number;
            }
          | {
              /** @constant */
              action: 'pause';
            }
          | {
              /** @constant */
              action: 'stop';
            };
      };
    };
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            applied: components['schemas']['AppliedTemplate'] | null;
            message?: components['schemas']['ChatMessage'];
          };
        };
      };
      /** @description Refused: invalidDate, invalidInput, invalidText, messageEmpty, messageTooLong, startAfterExpiry, startInPast, startTooFar */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidDate' | 'invalidInput' | 'invalidText' | 'messageEmpty' | 'messageTooLong' | 'startAfterExpiry' | 'startInPast' | 'startTooFar';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin, forbidden, notMember, templateRevoked */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin' | 'forbidden' | 'notMember' | 'templateRevoked';
            };
          };
        };
      };
      /** @description Refused: messageNotFound, partyNotFound, templateNotApplied */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'messageNotFound' | 'partyNotFound' | 'templateNotApplied';
            };
          };
        };
      };
      /** @description Refused: partyExpired */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyExpired';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  postApiPartiesByIdTemplate: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** Format: uuid */
          templateId: string;
          /** @enum {string} */
          mode?: 'restart' | 'continue';
        };
      };
    };
    responses: {
      /** @description Done */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            applied: components['schemas']['AppliedTemplate'];
          };
        };
      };
      /** @description Refused: invalidInput */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin, forbidden, notMember */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin' | 'forbidden' | 'notMember';
            };
          };
        };
      };
      /** @description Refused: partyNotFound, templateNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyNotFound' | 'templateNotFound';
            };
          };
        };
      };
      /** @description Refused: templateAlreadyApplied, templateEmpty */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'templateAlreadyApplied' | 'templateEmpty';
            };
          };
        };
      };
      /** @description Refused: partyExpired */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyExpired';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  deleteApiPartiesByIdTemplate: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done, no content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin, forbidden, notMember */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin' | 'forbidden' | 'notMember';
            };
          };
        };
      };
      /** @description Refused: partyNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyNotFound';
            };
          };
        };
      };
      /** @description Refused: partyExpired */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyExpired';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  postApiPartiesByIdSendFullTemplate: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** Format: uuid */
          templateId: string;
        };
      };
    };
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            sent: number;
          };
        };
      };
      /** @description Refused: invalidInput */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin, forbidden, notMember, templateRevoked */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin' | 'forbidden' | 'notMember' | 'templateRevoked';
            };
          };
        };
      };
      /** @description Refused: partyNotFound, templateNotApplied, templateNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyNotFound' | 'templateNotApplied' | 'templateNotFound';
            };
          };
        };
      };
      /** @description Refused: mediaTrashed, templateEmpty */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'mediaTrashed' | 'templateEmpty';
            };
          };
        };
      };
      /** @description Refused: partyExpired */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyExpired';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  getApiProfile: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Profile'][];
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  postApiProfile: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          firstName: string;
          lastName: string;
          birthday?: string | null;
          phoneNo?: string | null;
          email?: string | null;
          website?: string | null;
          shopLink?: string | null;
          biography?: string | null;
          deleteProfilePic?: boolean;
        };
      };
    };
    responses: {
      /** @description Done */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Profile'];
        };
      };
      /** @description Refused: biographyTooLong, invalidBirthday, invalidEmail, invalidInput, invalidName, invalidPhone, invalidShopLink, invalidText, invalidUrl */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code:
                | 'biographyTooLong'
                | 'invalidBirthday'
                | 'invalidEmail'
                | 'invalidInput'
                | 'invalidName'
                | 'invalidPhone'
                | 'invalidShopLink'
                | 'invalidText'
                | 'invalidUrl';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: tooManyProfiles */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'tooManyProfiles';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  getApiProfileUser: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ProfileWorkspace'];
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  putApiProfileSelect: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** Format: uuid */
          profileId: string;
        };
      };
    };
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ProfileWorkspace'];
        };
      };
      /** @description Refused: invalidInput */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: profileNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'profileNotFound';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  putApiProfileCompanyMode: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          companyMode: boolean;
        };
      };
    };
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ProfileWorkspace'];
        };
      };
      /** @description Refused: invalidInput */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin, forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin' | 'forbidden';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  putApiProfileBanner: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          bannerDismissed: boolean;
        };
      };
    };
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            bannerDismissed: boolean;
          };
        };
      };
      /** @description Refused: invalidInput */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  getApiProfileSearch: {
    parameters: {
      query: {
        q: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            shortId: string;
            firstName: string;
            lastName: string;
            profilePic: string | null;
          }[];
        };
      };
      /** @description Refused: invalidInput */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  getApiProfilePublicByShortId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        shortId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ProfileCard'];
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: profileNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'profileNotFound';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  getApiProfilePublicByShortIdPicture: {
    parameters: {
      query?: {
        v?: string;
      };
      header?: never;
      path: {
        shortId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'image/*': string;
        };
      };
      /** @description Refused: invalidInput */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: notFound, profileNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'notFound' | 'profileNotFound';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  getApiProfileById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Profile'];
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: profileNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'profileNotFound';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  putApiProfileById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          firstName: string;
          lastName: string;
          birthday?: string | null;
          phoneNo?: string | null;
          email?: string | null;
          website?: string | null;
          shopLink?: string | null;
          biography?: string | null;
          deleteProfilePic?: boolean;
        };
      };
    };
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Profile'];
        };
      };
      /** @description Refused: biographyTooLong, invalidBirthday, invalidEmail, invalidInput, invalidName, invalidPhone, invalidShopLink, invalidText, invalidUrl */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code:
                | 'biographyTooLong'
                | 'invalidBirthday'
                | 'invalidEmail'
                | 'invalidInput'
                | 'invalidName'
                | 'invalidPhone'
                | 'invalidShopLink'
                | 'invalidText'
                | 'invalidUrl';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: profileNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'profileNotFound';
            };
          };
        };
      };
      /** @description Refused: tooManyProfiles */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'tooManyProfiles';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  deleteApiProfileById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done, no content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: profileNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'profileNotFound';
            };
          };
        };
      };
      /** @description Refused: lastProfile, profileSelected */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'lastProfile' | 'profileSelected';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  putApiProfileByIdPicture: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** @description A JPEG, PNG or WebP */
    requestBody: {
      content: {
        'image/*': string;
      };
    };
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Profile'];
        };
      };
      /** @description Refused: invalidInput */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: profileNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'profileNotFound';
            };
          };
        };
      };
      /** @description Refused: imageTooLarge */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'imageTooLarge';
            };
          };
        };
      };
      /** @description Refused: notAnImage */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'notAnImage';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  deleteApiProfileByIdPicture: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Profile'];
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: profileNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'profileNotFound';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  getApiMedia: {
    parameters: {
      query?: {
        path?: string;
        sort?: 'date' | 'name';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MediaListing'];
        };
      };
      /** @description Refused: invalidInput */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: folderNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'folderNotFound';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  postApiMedia: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          title: string;
          /** @default  */
          path?: string;
          contentType: string;
          mediaType?: string;
          mediaExtension?: string | null;
          size: number;
        };
      };
    };
    responses: {
      /** @description Done */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            title: string;
            description: string | null;
            /** @enum {string} */
            mediaType: 'image' | 'video' | 'audio' | 'application' | 'folder';
            contentType: string | null;
            mediaExtension: string | null;
            size: number | null;
            state: ('waiting' | 'converting' | 'ready' | 'failed') | null;
            path: string;
            /** @description Epoch milliseconds */
            createdAt: number;
            /** @description Epoch milliseconds */
            updatedAt: number;
            trashedAt: number | null;
            deletesAt: number | null;
            hasPreview: boolean;
            uploadUrl: string;
          };
        };
      };
      /** @description Refused: invalidInput, invalidText, invalidTitle */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput' | 'invalidText' | 'invalidTitle';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: folderNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'folderNotFound';
            };
          };
        };
      };
      /** @description Refused: mediaTrashed */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'mediaTrashed';
            };
          };
        };
      };
      /** @description Refused: fileTooLarge */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'fileTooLarge';
            };
          };
        };
      };
      /** @description Refused: mediaTypeMismatch, mediaTypeNotAccepted */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'mediaTypeMismatch' | 'mediaTypeNotAccepted';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  getApiMediaSearch: {
    parameters: {
      query: {
        q: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MediaEntry'][];
        };
      };
      /** @description Refused: invalidInput */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  postApiMediaDuplicate: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** Format: uuid */
          origin: string;
          /** @enum {string} */
          type: 'image' | 'video' | 'audio' | 'application';
          /** @constant */
          saveInLibrary: true;
          /** @default  */
          path?: string;
          title: string;
        };
      };
    };
    responses: {
      /** @description Done */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MediaEntry'];
        };
      };
      /** @description Refused: invalidInput, invalidText, invalidTitle */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput' | 'invalidText' | 'invalidTitle';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin, forbidden */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin' | 'forbidden';
            };
          };
        };
      };
      /** @description Refused: folderNotFound, mediaNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'folderNotFound' | 'mediaNotFound';
            };
          };
        };
      };
      /** @description Refused: mediaNotReady, mediaTrashed */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'mediaNotReady' | 'mediaTrashed';
            };
          };
        };
      };
      /** @description Refused: mediaTypeMismatch */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'mediaTypeMismatch';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  getApiMediaFolders: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['LibraryFolder'][];
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  getApiMediaTrash: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MediaEntry'][];
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  putApiMediaFolder: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** Format: uuid */
          mediaId: string;
          path: string;
        };
      };
    };
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MediaEntry'];
        };
      };
      /** @description Refused: invalidInput */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: folderNotFound, mediaNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'folderNotFound' | 'mediaNotFound';
            };
          };
        };
      };
      /** @description Refused: folderTooDeep, mediaTrashed, moveIntoSelf */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'folderTooDeep' | 'mediaTrashed' | 'moveIntoSelf';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  postApiMediaFolder: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          title: string;
          /** @default  */
          path?: string;
          /** @constant */
          mediaType?: 'folder';
        };
      };
    };
    responses: {
      /** @description Done */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MediaEntry'];
        };
      };
      /** @description Refused: invalidInput, invalidText, invalidTitle */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput' | 'invalidText' | 'invalidTitle';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: folderNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'folderNotFound';
            };
          };
        };
      };
      /** @description Refused: folderTooDeep, mediaTrashed */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'folderTooDeep' | 'mediaTrashed';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  getApiMediaConvertById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Conversion'];
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: mediaNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'mediaNotFound';
            };
          };
        };
      };
      /** @description Refused: notConverting */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'notConverting';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: conversionUnavailable */
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'conversionUnavailable';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  putApiMediaConvertById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          isPortrait: boolean;
          noAudio: boolean;
        };
      };
    };
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Conversion'];
        };
      };
      /** @description Refused: invalidInput */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: mediaNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'mediaNotFound';
            };
          };
        };
      };
      /** @description Refused: mediaNotUploaded, mediaTrashed */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'mediaNotUploaded' | 'mediaTrashed';
            };
          };
        };
      };
      /** @description Refused: notAVideo */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'notAVideo';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: conversionUnavailable */
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'conversionUnavailable';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  putApiMediaById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name: string;
        };
      };
    };
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MediaEntry'];
        };
      };
      /** @description Refused: invalidInput, invalidText, invalidTitle */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput' | 'invalidText' | 'invalidTitle';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: mediaNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'mediaNotFound';
            };
          };
        };
      };
      /** @description Refused: mediaTrashed */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'mediaTrashed';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  deleteApiMediaById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done, no content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: mediaNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'mediaNotFound';
            };
          };
        };
      };
      /** @description Refused: mediaTrashed */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'mediaTrashed';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  putApiMediaByIdDescription: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          description: string;
        };
      };
    };
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MediaEntry'];
        };
      };
      /** @description Refused: invalidInput, invalidText, messageTooLong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput' | 'invalidText' | 'messageTooLong';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: mediaNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'mediaNotFound';
            };
          };
        };
      };
      /** @description Refused: mediaTrashed */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'mediaTrashed';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  putApiMediaByIdRestore: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MediaEntry'];
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: mediaNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'mediaNotFound';
            };
          };
        };
      };
      /** @description Refused: mediaTrashed */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'mediaTrashed';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  putApiMediaByIdPreview: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** @description A JPEG or WebP */
    requestBody: {
      content: {
        'image/*': string;
      };
    };
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MediaEntry'];
        };
      };
      /** @description Refused: invalidInput */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: mediaNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'mediaNotFound';
            };
          };
        };
      };
      /** @description Refused: mediaNotUploaded, mediaTrashed, videoNotReady */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'mediaNotUploaded' | 'mediaTrashed' | 'videoNotReady';
            };
          };
        };
      };
      /** @description Refused: previewTooLarge */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'previewTooLarge';
            };
          };
        };
      };
      /** @description Refused: notAPreview, previewNotSupported */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'notAPreview' | 'previewNotSupported';
            };
          };
        };
      };
      /** @description Refused: previewFailed */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'previewFailed';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: conversionUnavailable */
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'conversionUnavailable';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  getApiMediaByIdUpload: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Upload-Offset and Upload-Length in the headers, no body */
      200: {
        headers: {
          /** @description Bytes received so far */
          'Upload-Offset'?: string;
          /** @description The size declared at POST /api/media */
          'Upload-Length'?: string;
          'Tus-Resumable'?: '1.0.0';
          [name: string]: unknown;
        };
        content: {
          'application/octet-stream': unknown;
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: mediaNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'mediaNotFound';
            };
          };
        };
      };
      /** @description Refused: uploadFailed */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'uploadFailed';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  postApiMediaByIdUpload: {
    parameters: {
      query?: never;
      header: {
        /** @description 1.0.0 */
        'Tus-Resumable': string;
        /** @description Creation: the size declared at POST /api/media */
        'Upload-Length'?: string;
        /** @description PATCH: this POST is a PATCH (platforms without PATCH) */
        'X-HTTP-Method-Override'?: string;
        /** @description With the override: where these bytes start */
        'Upload-Offset'?: string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description 201 with Location (creation); 204 with Upload-Offset (a PATCH) */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description 201 with Location (creation); 204 with Upload-Offset (a PATCH) */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Refused: uploadLength */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'uploadLength';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: mediaNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'mediaNotFound';
            };
          };
        };
      };
      /** @description Refused: uploadConflict */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'uploadConflict';
            };
          };
        };
      };
      /** @description Refused: uploadFailed */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'uploadFailed';
            };
          };
        };
      };
      /** @description Refused: tusVersion */
      412: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'tusVersion';
            };
          };
        };
      };
      /** @description Refused: fileTooLarge */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'fileTooLarge';
            };
          };
        };
      };
      /** @description Refused: mediaTypeMismatch, mediaTypeNotAccepted, uploadContentType */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'mediaTypeMismatch' | 'mediaTypeNotAccepted' | 'uploadContentType';
            };
          };
        };
      };
      /** @description Refused: uploadBusy */
      423: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'uploadBusy';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  optionsApiMediaByIdUpload: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done, no content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: mediaNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'mediaNotFound';
            };
          };
        };
      };
      /** @description Refused: uploadFailed */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'uploadFailed';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  patchApiMediaByIdUpload: {
    parameters: {
      query?: never;
      header: {
        /** @description 1.0.0 */
        'Tus-Resumable': string;
        /** @description Where these bytes start (HEAD tells it) */
        'Upload-Offset': string;
        /** @description application/offset+octet-stream */
        'Content-Type': string;
      };
      path: {
        id: string;
      };
      cookie?: never;
    };
    /** @description The bytes from Upload-Offset on */
    requestBody: {
      content: {
        'application/offset+octet-stream': string;
      };
    };
    responses: {
      /** @description Done, no content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Refused: invalidInput */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: mediaNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'mediaNotFound';
            };
          };
        };
      };
      /** @description Refused: uploadConflict */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'uploadConflict';
            };
          };
        };
      };
      /** @description Refused: uploadFailed */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'uploadFailed';
            };
          };
        };
      };
      /** @description Refused: tusVersion */
      412: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'tusVersion';
            };
          };
        };
      };
      /** @description Refused: fileTooLarge */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'fileTooLarge';
            };
          };
        };
      };
      /** @description Refused: mediaTypeMismatch, mediaTypeNotAccepted, uploadContentType */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'mediaTypeMismatch' | 'mediaTypeNotAccepted' | 'uploadContentType';
            };
          };
        };
      };
      /** @description Refused: uploadBusy */
      423: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'uploadBusy';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  getApiTemplatesShareByToken: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        token: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            title: string;
            sharedBy: string;
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: shareLinkInvalid */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'shareLinkInvalid';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  postApiTemplatesShareByToken: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        token: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @default  */
          path?: string;
        };
      };
    };
    responses: {
      /** @description Done */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TemplateEntry'];
        };
      };
      /** @description Refused: invalidInput */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: folderNotFound, shareLinkInvalid */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'folderNotFound' | 'shareLinkInvalid';
            };
          };
        };
      };
      /** @description Refused: ownTemplate, templateTrashed */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'ownTemplate' | 'templateTrashed';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  getApiTemplates: {
    parameters: {
      query?: {
        path?: string;
        sort?: 'date' | 'name';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TemplateListing'];
        };
      };
      /** @description Refused: invalidInput */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: folderNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'folderNotFound';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  getApiTemplatesSearch: {
    parameters: {
      query: {
        q: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TemplateEntry'][];
        };
      };
      /** @description Refused: invalidInput */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  getApiTemplatesTrash: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TemplateEntry'][];
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  getApiTemplatesShares: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TemplateEntry'][];
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  getApiTemplatesShareTrash: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TemplateEntry'][];
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  putApiTemplatesFolderShare: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          shareToken: string;
          path: string;
        };
      };
    };
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TemplateEntry'];
        };
      };
      /** @description Refused: invalidInput */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: folderNotFound, shareLinkInvalid */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'folderNotFound' | 'shareLinkInvalid';
            };
          };
        };
      };
      /** @description Refused: templateTrashed */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'templateTrashed';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  putApiTemplatesTrashShareById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done, no content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: templateNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'templateNotFound';
            };
          };
        };
      };
      /** @description Refused: templateTrashed */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'templateTrashed';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  putApiTemplatesRestoreShareById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TemplateEntry'];
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: templateNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'templateNotFound';
            };
          };
        };
      };
      /** @description Refused: templateNotTrashed */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'templateNotTrashed';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  getApiTemplatesFolders: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['LibraryFolder'][];
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  postApiTemplatesCreate: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          title: string;
          /** @default  */
          path?: string;
        };
      };
    };
    responses: {
      /** @description Done */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TemplateEntry'];
        };
      };
      /** @description Refused: invalidInput, invalidText, invalidTitle */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput' | 'invalidText' | 'invalidTitle';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: folderNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'folderNotFound';
            };
          };
        };
      };
      /** @description Refused: templateTrashed */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'templateTrashed';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  putApiTemplatesFolder: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** Format: uuid */
          templateId: string;
          path: string;
        };
      };
    };
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TemplateEntry'];
        };
      };
      /** @description Refused: invalidInput */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: folderNotFound, templateNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'folderNotFound' | 'templateNotFound';
            };
          };
        };
      };
      /** @description Refused: folderTooDeep, moveIntoSelf, templateTrashed */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'folderTooDeep' | 'moveIntoSelf' | 'templateTrashed';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  postApiTemplatesFolder: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          title: string;
          /** @default  */
          path?: string;
        };
      };
    };
    responses: {
      /** @description Done */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TemplateEntry'];
        };
      };
      /** @description Refused: invalidInput, invalidText, invalidTitle */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput' | 'invalidText' | 'invalidTitle';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: folderNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'folderNotFound';
            };
          };
        };
      };
      /** @description Refused: folderTooDeep, templateTrashed */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'folderTooDeep' | 'templateTrashed';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  getApiTemplatesById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TemplateDetail'];
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: templateNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'templateNotFound';
            };
          };
        };
      };
      /** @description Refused: templateTrashed */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'templateTrashed';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  putApiTemplatesById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name: string;
        };
      };
    };
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TemplateEntry'];
        };
      };
      /** @description Refused: invalidInput, invalidText, invalidTitle */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput' | 'invalidText' | 'invalidTitle';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin, templateReadOnly */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin' | 'templateReadOnly';
            };
          };
        };
      };
      /** @description Refused: templateNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'templateNotFound';
            };
          };
        };
      };
      /** @description Refused: templateTrashed */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'templateTrashed';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  deleteApiTemplatesById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done, no content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: templateNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'templateNotFound';
            };
          };
        };
      };
      /** @description Refused: templateTrashed */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'templateTrashed';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  getApiTemplatesByIdApply: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TemplateDetail'];
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: templateNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'templateNotFound';
            };
          };
        };
      };
      /** @description Refused: templateTrashed */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'templateTrashed';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  deleteApiTemplatesByIdPermanently: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done, no content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin, forbidden, templateReadOnly */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin' | 'forbidden' | 'templateReadOnly';
            };
          };
        };
      };
      /** @description Refused: templateNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'templateNotFound';
            };
          };
        };
      };
      /** @description Refused: templateNotTrashed */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'templateNotTrashed';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  putApiTemplatesByIdRestore: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TemplateEntry'];
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: templateNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'templateNotFound';
            };
          };
        };
      };
      /** @description Refused: templateNotTrashed */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'templateNotTrashed';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  postApiTemplatesByIdSendMessage: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /**
           * @default text
           * @enum {string}
           */
          messageType?:
            | 'text'
            | 'photo'
            | 'voice'
            | 'video'
            | 'audio'
            | 'document'
            | 'profile'
            | 'heading'
            | 'heading2'
            | 'heading3'
            | 'product'
            | 'poll'
            | 'booking'
            | 'team';
          message?: string;
          /** Format: uuid */
          mediaId?: string;
          beforeMessageId?: string | null;
        };
      };
    };
    responses: {
      /** @description Done */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TemplateMessage'];
        };
      };
      /** @description Refused: invalidCard, invalidInput, invalidPrice, invalidShopLink, invalidText, messageEmpty, messageTooLong, pollOptions */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidCard' | 'invalidInput' | 'invalidPrice' | 'invalidShopLink' | 'invalidText' | 'messageEmpty' | 'messageTooLong' | 'pollOptions';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin, templateReadOnly */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin' | 'templateReadOnly';
            };
          };
        };
      };
      /** @description Refused: mediaNotFound, messageNotFound, profileNotFound, templateNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'mediaNotFound' | 'messageNotFound' | 'profileNotFound' | 'templateNotFound';
            };
          };
        };
      };
      /** @description Refused: mediaNotReady, mediaTrashed, templateFull, templateTrashed */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'mediaNotReady' | 'mediaTrashed' | 'templateFull' | 'templateTrashed';
            };
          };
        };
      };
      /** @description Refused: mediaTypeMismatch */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'mediaTypeMismatch';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  putApiTemplatesByIdEditMessageByMessageId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        messageId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          message: string;
        };
      };
    };
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TemplateMessage'];
        };
      };
      /** @description Refused: invalidInput, invalidText, messageEmpty, messageTooLong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput' | 'invalidText' | 'messageEmpty' | 'messageTooLong';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin, forbidden, templateReadOnly */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin' | 'forbidden' | 'templateReadOnly';
            };
          };
        };
      };
      /** @description Refused: messageNotFound, templateNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'messageNotFound' | 'templateNotFound';
            };
          };
        };
      };
      /** @description Refused: templateTrashed */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'templateTrashed';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  deleteApiTemplatesByIdDeleteMessageByMessageId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        messageId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done, no content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin, templateReadOnly */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin' | 'templateReadOnly';
            };
          };
        };
      };
      /** @description Refused: messageNotFound, templateNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'messageNotFound' | 'templateNotFound';
            };
          };
        };
      };
      /** @description Refused: templateTrashed */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'templateTrashed';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  putApiTemplatesByIdDeleteMessages: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          messageIds: string[];
        };
      };
    };
    responses: {
      /** @description Done, no content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Refused: invalidInput */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin, templateReadOnly */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin' | 'templateReadOnly';
            };
          };
        };
      };
      /** @description Refused: messageNotFound, templateNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'messageNotFound' | 'templateNotFound';
            };
          };
        };
      };
      /** @description Refused: templateTrashed */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'templateTrashed';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  putApiTemplatesByIdMoveMessageByMessageId: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        messageId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          newNextId: string | null;
        };
      };
    };
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TemplateMessage'][];
        };
      };
      /** @description Refused: invalidInput */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin, templateReadOnly */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin' | 'templateReadOnly';
            };
          };
        };
      };
      /** @description Refused: messageNotFound, templateNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'messageNotFound' | 'templateNotFound';
            };
          };
        };
      };
      /** @description Refused: templateTrashed */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'templateTrashed';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  putApiTemplatesByIdMoveMessages: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          messageIds: string[];
          newNextId: string | null;
        };
      };
    };
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TemplateMessage'][];
        };
      };
      /** @description Refused: invalidInput */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin, templateReadOnly */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin' | 'templateReadOnly';
            };
          };
        };
      };
      /** @description Refused: messageNotFound, templateNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'messageNotFound' | 'templateNotFound';
            };
          };
        };
      };
      /** @description Refused: templateTrashed */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'templateTrashed';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  postApiTemplatesByIdCopyMessages: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** Format: uuid */
          sourceId: string;
          messageIds: string[];
          beforeMessageId?: string | null;
        };
      };
    };
    responses: {
      /** @description Done */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TemplateMessage'][];
        };
      };
      /** @description Refused: invalidInput */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin, forbidden, templateReadOnly */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin' | 'forbidden' | 'templateReadOnly';
            };
          };
        };
      };
      /** @description Refused: messageNotFound, templateNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'messageNotFound' | 'templateNotFound';
            };
          };
        };
      };
      /** @description Refused: templateFull, templateTrashed */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'templateFull' | 'templateTrashed';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  postApiTemplatesByIdSendFullTemplate: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** Format: uuid */
          templateId: string;
          beforeMessageId?: string | null;
        };
      };
    };
    responses: {
      /** @description Done */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TemplateMessage'][];
        };
      };
      /** @description Refused: invalidInput */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin, templateReadOnly */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin' | 'templateReadOnly';
            };
          };
        };
      };
      /** @description Refused: messageNotFound, templateNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'messageNotFound' | 'templateNotFound';
            };
          };
        };
      };
      /** @description Refused: templateEmpty, templateFull, templateTrashed */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'templateEmpty' | 'templateFull' | 'templateTrashed';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  postApiTemplatesByIdForward: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          messageIds: string[];
          /** Format: uuid */
          targetPartyId?: string;
          /** Format: uuid */
          targetTemplateId?: string;
        };
      };
    };
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            forwarded: number;
          };
        };
      };
      /** @description Refused: invalidInput */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin, forbidden, templateReadOnly */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin' | 'forbidden' | 'templateReadOnly';
            };
          };
        };
      };
      /** @description Refused: messageNotFound, partyNotFound, templateNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'messageNotFound' | 'partyNotFound' | 'templateNotFound';
            };
          };
        };
      };
      /** @description Refused: mediaTrashed */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'mediaTrashed';
            };
          };
        };
      };
      /** @description Refused: partyExpired */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'partyExpired';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  putApiTemplatesByIdShare: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            shareToken: string;
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin, templateReadOnly */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin' | 'templateReadOnly';
            };
          };
        };
      };
      /** @description Refused: templateNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'templateNotFound';
            };
          };
        };
      };
      /** @description Refused: templateTrashed */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'templateTrashed';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  putApiTemplatesByIdRevokeShare: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done, no content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin, templateReadOnly */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin' | 'templateReadOnly';
            };
          };
        };
      };
      /** @description Refused: templateNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'templateNotFound';
            };
          };
        };
      };
      /** @description Refused: templateTrashed */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'templateTrashed';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  postApiModerationDeleteAccount: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          email: string;
        };
      };
    };
    responses: {
      /** @description Done, no content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Refused: invalidEmail, invalidInput */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidEmail' | 'invalidInput';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: deletionRequestedRecently */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'deletionRequestedRecently';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  getApiContentCategories: {
    parameters: {
      query?: {
        kategorie?: string;
        kategorie_null?: 'true';
        slug?: string;
        _locale?: 'de' | 'en' | 'nl' | 'fr' | 'it';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: number;
            slug: string;
            name: string;
            beschreibung: string;
            sichtbarkeit: string;
            plattform: string;
            kategorie: number | null;
          }[];
        };
      };
      /** @description Refused: invalidInput */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  getApiContentEntries: {
    parameters: {
      query?: {
        kategorie?: string;
        kategorie_null?: 'true';
        slug?: string;
        _locale?: 'de' | 'en' | 'nl' | 'fr' | 'it';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: number;
            slug: string;
            titel: string;
            zusammenfassung: string;
            kategorie: number | null;
            sichtbarkeit: string;
            plattform: string;
            abschnitte: {
              id: string;
              titel: string;
              inhalt: string;
              video: {
                url: string;
                mime: string;
              } | null;
            }[];
          }[];
        };
      };
      /** @description Refused: invalidInput */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  getApiContentContentSearch: {
    parameters: {
      query: {
        _q: string;
        _locale?: 'de' | 'en' | 'nl' | 'fr' | 'it';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: number;
            slug: string;
            titel: string;
            zusammenfassung: string;
            kategorie: number | null;
            highlight: {
              titel: string;
              auszug: string;
            };
          }[];
        };
      };
      /** @description Refused: invalidInput */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  getApiPush: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            applicationServerKey: string;
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  postApiImportSignin: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          email: string;
          password: string;
        };
      };
    };
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            importId: string;
          };
        };
      };
      /** @description Refused: invalidInput */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: importCredentials, importPasswordChange */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'importCredentials' | 'importPasswordChange';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: importFailed */
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'importFailed';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  postApiImportStart: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** Format: uuid */
          importId: string;
        };
      };
    };
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            files: string[];
            media: string[];
            messages: {
              id: string;
              partyId: string;
            }[];
            parties: string[];
            copied: {
              files: number;
              media: number;
              messages: number;
              parties: number;
            };
          };
        };
      };
      /** @description Refused: invalidInput */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: importNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'importNotFound';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: importFailed */
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'importFailed';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  postApiImportFile: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** Format: uuid */
          importId: string;
          file: string;
        };
      };
    };
    responses: {
      /** @description Done, no content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Refused: invalidInput */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: importNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'importNotFound';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: importFailed */
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'importFailed';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  postApiImportMedia: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** Format: uuid */
          importId: string;
          mediaId: string;
        };
      };
    };
    responses: {
      /** @description Done, no content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Refused: invalidInput */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: importNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'importNotFound';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: importFailed */
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'importFailed';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  postApiImportMessage: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** Format: uuid */
          importId: string;
          id: string;
          partyId: string;
        };
      };
    };
    responses: {
      /** @description Done, no content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Refused: invalidInput */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: importNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'importNotFound';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: importFailed */
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'importFailed';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  postApiImportParty: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** Format: uuid */
          importId: string;
          partyId: string;
        };
      };
    };
    responses: {
      /** @description Done, no content */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Refused: invalidInput */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'invalidInput';
            };
          };
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: importNotFound */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'importNotFound';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: importFailed */
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'importFailed';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  getApiExport: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ExportAnswer'];
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  postApiExport: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ExportAnswer'];
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: noAddress */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'noAddress';
            };
          };
        };
      };
      /** @description Refused: rateLimited */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'rateLimited';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
  postApiExportLink: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ExportAnswer'];
        };
      };
      /** @description Refused: sessionExpired, unauthorized */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'sessionExpired' | 'unauthorized';
            };
          };
        };
      };
      /** @description Refused: badOrigin */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'badOrigin';
            };
          };
        };
      };
      /** @description Refused: exportNotReady, noAddress */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'exportNotReady' | 'noAddress';
            };
          };
        };
      };
      /** @description Refused: rateLimited */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'rateLimited';
            };
          };
        };
      };
      /** @description Refused: generic */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'generic';
            };
          };
        };
      };
      /** @description Refused: dataUnavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            error: {
              /** @enum {string} */
              code: 'dataUnavailable';
            };
          };
        };
      };
    };
  };
}
