import Foundation

/// A short link.
package struct LinkRecord: Sendable, Hashable {
    var id: String
    var orgId: Int64
    var shortCode: String
    var path: String
    var params: [String: JSON]
    var templateId: String?
    var matchWindowHours: Int?
    var createdAt: Date
    var updatedAt: Date

    /// The `/links` wire shape.
    var json: JSON {
        .object([
            "id": .string(id), "shortCode": .string(shortCode), "path": .string(path), "params": .object(params),
            "template": templateId.map(JSON.string) ?? .null,
            "matchWindowHours": matchWindowHours.map { .number(Double($0)) } ?? .null,
            "createdAt": .string(ISOTime.string(createdAt)), "updatedAt": .string(ISOTime.string(updatedAt)),
        ])
    }
}
