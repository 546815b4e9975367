/// A link template (params and match window shared by links).
struct TemplateRecord: Sendable, Hashable {
    var orgId: Int64
    var templateId: String
    var params: [String: JSON]
    var matchWindowHours: Int?
}
