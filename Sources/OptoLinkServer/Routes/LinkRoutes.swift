import Foundation
import OptoLinkHTTP

/// Route 8: `/links` CRUD with a SERVER key (`Authorization: Bearer opl_api_…`), and each link's QR code.
enum LinkRoutes {
    static let createValidator = BodyValidator(fields: [
        .init(name: "shortCode", kind: .string(min: 1, max: 64), required: true),
        .init(name: "path", kind: .string(min: 1, max: 2048), required: true),
        .init(name: "params", kind: .object(maxBytes: 10_240), required: false),
        .init(name: "template", kind: .string(min: 1, max: 100), required: false),
        .init(name: "matchWindowHours", kind: .integer(1...720), required: false),
    ])
    static let updateValidator = BodyValidator(
        fields: createValidator.fields.map {
            var f = $0
            f.required = false
            return f
        })

    private static func authenticate(_ backend: Backend, _ request: HTTPRequest, _ context: RouteContext)
        throws(OptoLinkServerError) -> APIKeyAuthenticator.Identity
    {
        try APIKeyAuthenticator.authenticate(
            authorization: request.header("Authorization"), tier: .server, store: backend.store, now: context.now)
    }

    private static func existing(_ backend: Backend, _ orgId: Int64, _ context: RouteContext)
        throws(OptoLinkServerError) -> LinkRecord
    {
        let id = context.params["id"] ?? ""
        guard let link = try backend.store.link(orgId: orgId, id: id) else { throw .notFound("Link \(id) not found") }
        return link
    }

    private static func checkFields(_ backend: Backend, _ orgId: Int64, _ link: LinkRecord) throws(OptoLinkServerError)
    {
        var details = [OptoLinkServerError.Detail]()
        if !IdentifierRules.isValidShortCode(link.shortCode) {
            details.append(.init(message: "shortCode must be 1–64 letters, digits, '-' or '_'", field: "shortCode"))
        }
        if !link.path.hasPrefix("/") { details.append(.init(message: "path must start with '/'", field: "path")) }
        if let template = link.templateId, try backend.store.template(orgId: orgId, id: template) == nil {
            details.append(.init(message: "template \(template) does not exist", field: "template"))
        }
        guard details.isEmpty else { throw .validation(details) }
    }

    /// `GET /links` → `{"links":[…]}`.
    static func list(_ backend: Backend, _ request: HTTPRequest, _ context: RouteContext) throws -> HTTPResponse {
        let identity = try authenticate(backend, request, context)
        return .json(["links": .array(try backend.store.links(orgId: identity.org.id).map(\.json))])
    }

    /// `POST /links` → 201 with the link (including its `id`); 409 when the short code is taken.
    static func create(_ backend: Backend, _ request: HTTPRequest, _ context: RouteContext) throws -> HTTPResponse {
        let identity = try authenticate(backend, request, context)
        let body = try createValidator.validate(request.body)
        let link = LinkRecord(
            id: RandomToken.linkID(), orgId: identity.org.id, shortCode: body.string("shortCode")!,
            path: body.string("path")!,
            params: body["params"]?.objectValue ?? [:], templateId: body.string("template"),
            matchWindowHours: body.int("matchWindowHours"), createdAt: context.now, updatedAt: context.now)
        try checkFields(backend, identity.org.id, link)
        guard try backend.store.save(link) else {
            throw OptoLinkServerError.conflict("Short code \(link.shortCode) is already used")
        }
        try backend.store.audit(
            actor: identity.actor, orgId: identity.org.id, action: "link.create", detail: link.id, now: context.now)
        return .json(link.json, status: 201)
    }

    /// `GET /links/:id`.
    static func get(_ backend: Backend, _ request: HTTPRequest, _ context: RouteContext) throws -> HTTPResponse {
        let identity = try authenticate(backend, request, context)
        return .json(try existing(backend, identity.org.id, context).json)
    }

    /// `PATCH /links/:id`: any of the create fields; `null` clears `template` / `matchWindowHours`.
    static func update(_ backend: Backend, _ request: HTTPRequest, _ context: RouteContext) throws -> HTTPResponse {
        let identity = try authenticate(backend, request, context)
        var link = try existing(backend, identity.org.id, context)
        let raw = request.body.isEmpty ? JSON.object([:]) : try JSONParser.parse(request.body)
        guard let object = raw.objectValue else {
            throw OptoLinkServerError.badRequest("Request body must be a JSON object")
        }
        let body = try updateValidator.validate(object)
        if let v = body.string("shortCode") { link.shortCode = v }
        if let v = body.string("path") { link.path = v }
        if let v = body["params"]?.objectValue { link.params = v }
        if object["template"] == .null {
            link.templateId = nil
        } else if let v = body.string("template") {
            link.templateId = v
        }
        if object["matchWindowHours"] == .null {
            link.matchWindowHours = nil
        } else if let v = body.int("matchWindowHours") {
            link.matchWindowHours = v
        }
        link.updatedAt = context.now
        try checkFields(backend, identity.org.id, link)
        guard try backend.store.save(link) else {
            throw OptoLinkServerError.conflict("Short code \(link.shortCode) is already used")
        }
        try backend.store.audit(
            actor: identity.actor, orgId: identity.org.id, action: "link.update", detail: link.id, now: context.now)
        return .json(link.json)
    }

    /// `DELETE /links/:id` → `{"ok":true,"id":…}`; the link's pending clicks go with it (they no longer match).
    static func delete(_ backend: Backend, _ request: HTTPRequest, _ context: RouteContext) throws -> HTTPResponse {
        let identity = try authenticate(backend, request, context)
        let link = try existing(backend, identity.org.id, context)
        _ = try backend.store.deleteLink(orgId: identity.org.id, id: link.id)
        backend.matches.removeRecords(linkId: link.id)
        try backend.store.audit(
            actor: identity.actor, orgId: identity.org.id, action: "link.delete", detail: link.id, now: context.now)
        return .json(["ok": true, "id": .string(link.id)])
    }

    /// `GET /links/:id/qr.svg|png[?size=&ecc=]` → the link's short URL as a QR code (``QRRequest``).
    static func qr(_ backend: Backend, _ request: HTTPRequest, _ context: RouteContext) throws -> HTTPResponse {
        let identity = try authenticate(backend, request, context)
        let link = try existing(backend, identity.org.id, context)
        let asked = try QRRequest(format: request.segments.last == "qr.png" ? .png : .svg, query: request.query)
        return try asked.response(
            content: QRRequest.shortURL(
                orgKey: identity.org.orgKey, shortCode: link.shortCode,
                customDomain: identity.org.customDomain, host: request.header("Host"),
                platformDomain: backend.options.platformDomain))
    }
}
