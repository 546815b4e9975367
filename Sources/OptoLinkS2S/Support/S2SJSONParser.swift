internal import OptoLinkClientCore

/// The S2S client's JSON parser: the clients' one strict, iterative parser (``JSONTreeParser``), building
/// ``S2SJSONValue`` trees through ``S2SJSONValueBuilder``.
typealias S2SJSONParser = JSONTreeParser<S2SJSONValueBuilder>
