package dev.paje.spark;

import java.io.Serializable;
import java.util.Comparator;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.rdd.ShuffledRDD;
import org.apache.spark.serializer.KryoSerializer;
import scala.math.Ordering;
import scala.reflect.ClassTag;
import scala.reflect.ClassTag$;

/**
 * The entity lines sent to their parts and sorted by offset there: {@code repartitionAndSortWithinPartitions}
 * with Kryo for this shuffle whatever the session's serializer (Spark's default, Java serialization of
 * every key and line, was a fifth of the job's CPU).
 */
final class PartShuffle {
    private PartShuffle() {
    }

    static JavaPairRDD<Long, byte[]> byPart(JavaPairRDD<Long, byte[]> keyed, PlanPartitioner parts, SparkConf conf) {
        ClassTag<Long> longTag = ClassTag$.MODULE$.apply(Long.class);
        ClassTag<byte[]> bytesTag = ClassTag$.MODULE$.apply(byte[].class);
        ShuffledRDD<Long, byte[], byte[]> shuffled = new ShuffledRDD<>(keyed.rdd(), parts, longTag, bytesTag, bytesTag);
        // (no reference tracking: keys and lines are never shared; its identity map was a tenth of the shuffle)
        shuffled.setSerializer(new KryoSerializer(conf.clone().set("spark.kryo.referenceTracking", "false")));
        shuffled.setKeyOrdering(Ordering.comparatorToOrdering(ByOffset.INSTANCE));
        return JavaPairRDD.fromRDD(shuffled, longTag, bytesTag);
    }

    /** Keys in order: (part, offset) packed, so within a part by offset. */
    private enum ByOffset implements Comparator<Long>, Serializable {
        INSTANCE;

        @Override
        public int compare(Long a, Long b) {
            return Long.compare(a, b);
        }
    }
}
