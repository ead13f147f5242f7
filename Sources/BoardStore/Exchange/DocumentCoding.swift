import Foundation

/// How a document's object is coded: each of its fields' keys (from its record's table,
/// `SyncedTables`) with the property it fills and whether a document may leave it out
/// (ARCHITECTURE.md §11). One list per object gives both directions, so no hand-written coder
/// repeats the keys, and a null is written where the format has always written one.
struct FieldCoding<Object>: Sendable {
    let key: String
    let write: @Sendable (Object, inout KeyedEncodingContainer<DocumentKey>) throws -> Void
    let read: @Sendable (inout Object, KeyedDecodingContainer<DocumentKey>) throws -> Void

    /// A field every document holds: reading one without it fails.
    static func required<V: Codable & SendableMetatype>(_ key: String, _ path: WritableKeyPath<Object, V> & Sendable) -> Self {
        Self(key: key, write: { object, c in try c.encode(object[keyPath: path], forKey: DocumentKey(key)) },
             read: { object, c in object[keyPath: path] = try c.decode(V.self, forKey: DocumentKey(key)) })
    }

    /// A field always written; read as the blank object's value when left out or null.
    static func defaulted<V: Codable & SendableMetatype>(_ key: String, _ path: WritableKeyPath<Object, V> & Sendable) -> Self {
        Self(key: key, write: { object, c in try c.encode(object[keyPath: path], forKey: DocumentKey(key)) },
             read: { object, c in if let value = try c.decodeIfPresent(V.self, forKey: DocumentKey(key)) { object[keyPath: path] = value } })
    }

    /// A field that may be empty: written as null, read as nil when left out.
    static func nullable<V: Codable & SendableMetatype>(_ key: String, _ path: WritableKeyPath<Object, V?> & Sendable) -> Self {
        Self(key: key, write: { object, c in try c.encode(object[keyPath: path], forKey: DocumentKey(key)) },
             read: { object, c in object[keyPath: path] = try c.decodeIfPresent(V.self, forKey: DocumentKey(key)) })
    }

    /// A field written only when set (what a full export adds to `list --json`'s card).
    static func whenSet<V: Codable & SendableMetatype>(_ key: String, _ path: WritableKeyPath<Object, V?> & Sendable) -> Self {
        Self(key: key, write: { object, c in try c.encodeIfPresent(object[keyPath: path], forKey: DocumentKey(key)) },
             read: { object, c in object[keyPath: path] = try c.decodeIfPresent(V.self, forKey: DocumentKey(key)) })
    }
}

/// A key of a document's object: the text its field's table gives.
struct DocumentKey: CodingKey {
    let stringValue: String
    init(_ key: String) { stringValue = key }
    init?(stringValue: String) { self.stringValue = stringValue }
    var intValue: Int? { nil }
    init?(intValue: Int) { nil }
}

/// An object of a document, coded by its list of fields: read into a blank object, field by field.
protocol DocumentObject: Codable {
    static var coding: [FieldCoding<Self>] { get }
    /// What a field left out reads as (where the field may be left out).
    init()
}

extension DocumentObject {
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: DocumentKey.self)
        for field in Self.coding { try field.write(self, &container) }
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: DocumentKey.self)
        var object = Self()
        for field in Self.coding { try field.read(&object, container) }
        self = object
    }
}
