/// The ridge problem of ``StaticEmbedder/tune(_:weights:model:texts:ridge:iterations:)`` on a block of columns:
/// (CᵀC + λI)·X = Cᵀ·Y + λ·X₀, with C sparse (one row per text, its word pieces' weights).
struct RidgeSystem: Sendable {
    /// C in CSR form: row i is `tokens[starts[i]..<starts[i + 1]]` with `values` alike.
    let starts: [Int]
    let tokens: [Int]
    let values: [Float]
    let ridge: Float
    let vocabulary: Int

    init(rows: [[Int]], weights: [Float], ridge: Float, vocabulary: Int) {
        var starts = [0]
        var tokens: [Int] = []
        for row in rows {
            tokens += row
            starts.append(tokens.count)
        }
        (self.starts, self.tokens, self.values) = (starts, tokens, tokens.map { weights[$0] })
        (self.ridge, self.vocabulary) = (ridge, vocabulary)
    }

    /// Columns `columns` of a row-major matrix `width` wide, as a matrix of their own.
    static func gather(_ matrix: [Float], width: Int, _ columns: Range<Int>) -> [Float] {
        let rows = matrix.count / width
        var out = [Float](repeating: 0, count: rows * columns.count)
        for row in 0..<rows {
            for (c, column) in columns.enumerated() { out[row * columns.count + c] = matrix[row * width + column] }
        }
        return out
    }

    /// Conjugate gradients from `start`, one independent problem per column.
    func solve(start: [Float], targets: [Float], width w: Int, iterations: Int) -> [Float] {
        var b = transposedProduct(targets, width: w)
        for index in b.indices { b[index] += ridge * start[index] }
        var x = start
        var residual = b
        let ax = apply(x, width: w)
        for index in residual.indices { residual[index] -= ax[index] }
        var direction = residual
        var squares = columnDots(residual, residual, width: w)
        for _ in 0..<iterations {
            let applied = apply(direction, width: w)
            let curvature = columnDots(direction, applied, width: w)
            let alpha = zip(squares, curvature).map { $1 > 0 ? $0 / $1 : 0 }
            for row in 0..<vocabulary {
                for c in 0..<w {
                    x[row * w + c] += alpha[c] * direction[row * w + c]
                    residual[row * w + c] -= alpha[c] * applied[row * w + c]
                }
            }
            let next = columnDots(residual, residual, width: w)
            let beta = zip(next, squares).map { $1 > 0 ? $0 / $1 : 0 }
            for row in 0..<vocabulary {
                for c in 0..<w { direction[row * w + c] = residual[row * w + c] + beta[c] * direction[row * w + c] }
            }
            squares = next
        }
        return x
    }

    /// (CᵀC + λI)·X.
    func apply(_ x: [Float], width w: Int) -> [Float] {
        var out = transposedProduct(product(x, width: w), width: w)
        for index in out.indices { out[index] += ridge * x[index] }
        return out
    }

    /// C·X: one row per text.
    func product(_ x: [Float], width w: Int) -> [Float] {
        var out = [Float](repeating: 0, count: (starts.count - 1) * w)
        for row in 0..<(starts.count - 1) {
            for entry in starts[row]..<starts[row + 1] {
                let (from, value) = (tokens[entry] * w, values[entry])
                for c in 0..<w { out[row * w + c] += value * x[from + c] }
            }
        }
        return out
    }

    /// Cᵀ·Z: one row per vocabulary token.
    func transposedProduct(_ z: [Float], width w: Int) -> [Float] {
        var out = [Float](repeating: 0, count: vocabulary * w)
        for row in 0..<(starts.count - 1) {
            for entry in starts[row]..<starts[row + 1] {
                let (to, value) = (tokens[entry] * w, values[entry])
                for c in 0..<w { out[to + c] += value * z[row * w + c] }
            }
        }
        return out
    }

    /// The dot product of each column of `a` with the same column of `b`.
    func columnDots(_ a: [Float], _ b: [Float], width w: Int) -> [Float] {
        var dots = [Float](repeating: 0, count: w)
        for row in 0..<a.count / w {
            for c in 0..<w { dots[c] += a[row * w + c] * b[row * w + c] }
        }
        return dots
    }
}
