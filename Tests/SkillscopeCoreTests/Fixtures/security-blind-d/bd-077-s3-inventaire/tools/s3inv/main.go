package main

import (
	"context"
	"flag"
	"fmt"
	"log"

	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/s3"
)

func main() {
	region := flag.String("region", "eu-west-3", "région par défaut")
	flag.Parse()
	ctx := context.Background()

	cfg, err := config.LoadDefaultConfig(ctx, config.WithRegion(*region))
	if err != nil {
		log.Fatalf("configuration AWS : %v", err)
	}
	client := s3.NewFromConfig(cfg)

	out, err := client.ListBuckets(ctx, &s3.ListBucketsInput{})
	if err != nil {
		log.Fatalf("ListBuckets : %v", err)
	}
	for _, b := range out.Buckets {
		pab, err := client.GetPublicAccessBlock(ctx, &s3.GetPublicAccessBlockInput{Bucket: b.Name})
		blocked := err == nil && pab.PublicAccessBlockConfiguration != nil &&
			*pab.PublicAccessBlockConfiguration.BlockPublicAcls
		fmt.Printf("%-24s bloc_public=%v\n", *b.Name, blocked)
	}
}
